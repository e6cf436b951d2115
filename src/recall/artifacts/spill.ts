// Deciding and shaping an artifact spill for one tool result: opt-in, only large text-only successful outputs
// of search and listing tools (never file reads, commands, errors, images or keel's own tools). The text is
// scrubbed before it is stored; the result keeps a preview and a record in its details. Pure.
import { scrubSecrets } from "../../core/secrets.ts";
import { isTextOnly, textOf } from "../../session/entries.ts";
import { artifactMarker } from "../hygiene/marker.ts";
import { isSpillTool, sourceLabel } from "../hygiene/policy.ts";
import { ARTIFACT_DETAILS_KEY, type ArtifactRecord } from "./record.ts";

export const SPILL_MIN_CHARS = 16_384;
export const SPILL_MAX_BYTES = 2 * 1024 * 1024;
export const PREVIEW_CHARS = 1500;

export interface SpillCandidate {
  toolName: string;
  source: string;
  /** The scrubbed text to store. */
  text: string;
}

export function spillCandidate(event: {
  toolName: string;
  input: Record<string, unknown>;
  content: unknown;
  isError: boolean;
}): SpillCandidate | undefined {
  if (event.isError || !isSpillTool(event.toolName) || !isTextOnly(event.content)) return undefined;
  const raw = textOf(event.content);
  if (raw.length < SPILL_MIN_CHARS || raw.length > SPILL_MAX_BYTES) return undefined;
  const text = scrubSecrets(raw).text;
  if (new TextEncoder().encode(text).length > SPILL_MAX_BYTES) return undefined;
  return { toolName: event.toolName, source: sourceLabel(event.toolName, event.input), text };
}

/** The replacement content and details for a stored artifact; the original details are kept beside the record. */
export function spilledResult(
  candidate: SpillCandidate,
  stored: Pick<ArtifactRecord, "sha256" | "bytes" | "chars" | "origin">,
  details: unknown,
): { content: Array<{ type: "text"; text: string }>; details: Record<string, unknown> } {
  const record: ArtifactRecord = { ...stored, tool: candidate.toolName, source: candidate.source };
  const lines = candidate.text.split("\n").length;
  const text = artifactMarker({
    ref: `a:${stored.sha256}`,
    source: candidate.source,
    chars: stored.chars,
    lines,
    preview: candidate.text.slice(0, PREVIEW_CHARS),
  });
  const base = details !== null && typeof details === "object" && !Array.isArray(details) ? details : {};
  return { content: [{ type: "text", text }], details: { ...base, [ARTIFACT_DETAILS_KEY]: record } };
}
