// The text that stands in model context for a trimmed output or a spilled artifact: what it was, how big,
// and the exact keel_context call that reads it back. Control characters never reach it (labels are cleaned).

export interface MarkerInput {
  ref: string;
  source: string;
  chars: number;
  lines: number;
}

const count = (n: number) => n.toLocaleString("en-US");

export function trimMarker(input: MarkerInput): string {
  return `[keel: trimmed ${input.source} output (${count(input.chars)} chars, ${count(input.lines)} lines). The full text is kept; read it with keel_context {"action":"read","ref":"${input.ref}"}]`;
}

export function artifactMarker(input: MarkerInput & { preview: string }): string {
  return `${input.preview}\n…\n[keel: ${input.source} output stored as artifact (${count(input.chars)} chars, ${count(input.lines)} lines); the preview above is its start. Read all of it with keel_context {"action":"read","ref":"${input.ref}"}]`;
}

/** Refs: `t:<entry id>` for a tool output on the branch, `a:<sha256>` for an artifact. */
export type ParsedRef = { kind: "entry"; id: string } | { kind: "artifact"; sha256: string };

export function parseRef(ref: string): ParsedRef | undefined {
  const trimmed = ref.trim();
  if (/^t:[A-Za-z0-9_-]{1,64}$/.test(trimmed)) return { kind: "entry", id: trimmed.slice(2) };
  if (/^a:[0-9a-f]{64}$/.test(trimmed)) return { kind: "artifact", sha256: trimmed.slice(2) };
  return undefined;
}
