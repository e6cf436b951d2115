// A baseline for the compaction handler bench: the verbatim original's session_before_compact algorithm as
// reference/verbatim-checkpoint.md describes it, written here from that description (no original code is in
// the repo), self-contained and imports nothing from keel. Per call it walks the branch once for results and
// file operations, renders the new span (user and assistant text, tool signatures with outcomes, custom
// stubs), re-renders saved spans, scans the tail for read evidence and the startup interval for reads named
// by instruction files, trims to the cap the way the original does (re-adding every remaining line after each
// removal: quadratic) and renders the checkpoint once. Wording is this file's own; only the work matters.

// biome-ignore lint/suspicious/noExplicitAny: the baseline reads untyped session JSON, as the original does
type Loose = Record<string, any>;
type Line = { user: boolean; text: string; entryId: string };
type Span = { n: number; from: string | null; to: string | null; lines: Line[] };

const PREVIEW = 160;
const clip = (s: string) => (s.length <= PREVIEW ? s : `${s.slice(0, PREVIEW)}…`);
const preview = (v: unknown) => clip(JSON.stringify(v) ?? "undefined");
const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content
          .filter((b) => b?.type === "text" && typeof b.text === "string")
          .map((b) => b.text)
          .join("\n\n")
      : "";
const rel = (path: string, cwd: string) => (path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path);
const pathOf = (args: Loose) => {
  const p = args?.path ?? args?.file_path;
  return typeof p === "string" ? p : undefined;
};
const callsOf = (m: Loose | undefined) =>
  m?.role === "assistant" && Array.isArray(m.content)
    ? (m.content as Loose[]).filter((b) => b?.type === "toolCall")
    : [];

function signature(call: Loose, cwd: string): string {
  const args = Object.entries((call.arguments ?? {}) as Loose).map(([k, v]) => {
    if (k === "path" && typeof v === "string") return `${k}=${JSON.stringify(rel(v, cwd))}`;
    if (call.name === "write" && k === "content") return `content=[${String(v).length} chars]`;
    if (k === "edits" && Array.isArray(v)) return `edits=${v.length}`;
    if (k === "command" && typeof v === "string") return `${k}=${preview(v.split(cwd).join("."))}`;
    return `${k}=${preview(v)}`;
  });
  return `${call.name}(${args.join(", ")})`;
}

function spanLines(branch: Loose[], from: number, to: number, outcome: Map<string, string>, cwd: string) {
  const lines: Line[] = [];
  for (let i = from; i < to; i++) {
    const e = branch[i]!;
    const add = (user: boolean, text: string) => lines.push({ user, text, entryId: e.id });
    if (e.type === "custom_message") {
      if (e.customType !== "orig.reorient") add(false, `[custom ${preview(e.customType)}: content removed]`);
      continue;
    }
    const m = e.type === "message" ? e.message : undefined;
    if (m?.role === "user") add(true, `[User]: ${textOf(m.content)}`);
    else if (m?.role === "assistant") {
      const prose = textOf(m.content);
      if (prose.trim()) add(false, `[Assistant]: ${prose}`);
      for (const c of callsOf(m))
        add(false, `[Tool] ${signature(c, cwd)} [${outcome.get(c.id) ?? "unknown"}]`);
    } else if (m?.role === "custom") add(false, `[custom ${preview(m.customType)}: content removed]`);
  }
  return lines;
}

/** The original's cap: a running total, but every removal splices the line out of its span (quadratic). */
function trim(spans: Span[], budget: number | null): Set<number> {
  const changed = new Set<number>();
  if (budget === null) return changed;
  let total = spans.reduce((sum, s) => sum + s.lines.reduce((t, l) => t + l.text.length + 1, 0), 0);
  const stages: Array<(l: Line) => Line | null | undefined> = [
    (l) => (l.user ? undefined : null),
    (l) =>
      l.user && l.text.length > 280
        ? { ...l, text: `${l.text.slice(0, 200)}…[trimmed; see ${l.entryId}]` }
        : undefined,
    () => null,
  ];
  for (const stage of stages) {
    for (const span of spans) {
      for (let i = 0; i < span.lines.length && total > budget; i++) {
        const line = span.lines[i]!;
        const next = stage(line);
        if (next === undefined) continue;
        changed.add(span.n);
        total -= line.text.length - (next ? next.text.length : -1);
        if (next === null) span.lines.splice(i--, 1);
        else span.lines[i] = next;
      }
    }
  }
  return changed;
}

function tailEvidence(branch: Loose[], from: number, cwd: string): Map<string, string> {
  const seen = new Map<string, string>();
  const calls = new Map<string, Loose>();
  for (let i = from; i < branch.length; i++) {
    const m = branch[i]!.type === "message" ? branch[i]!.message : undefined;
    for (const c of callsOf(m)) calls.set(c.id, c);
    if (m?.role !== "toolResult" || m.isError) continue;
    const call = calls.get(m.toolCallId);
    const path = call && pathOf(call.arguments);
    if (!path) continue;
    const shown = rel(path, cwd);
    if (call.name === "read")
      seen.set(
        shown,
        call.arguments.offset || call.arguments.limit ? "partial read in tail" : "full read in tail",
      );
    else if (call.name === "write") seen.set(shown, "write content in tail");
    else if (call.name === "edit" && seen.has(shown)) seen.set(shown, `${seen.get(shown)}, then edited`);
  }
  return seen;
}

function startupReads(branch: Loose[], instructions: string, cwd: string): string[] {
  const users = branch.flatMap((e, i) => (e.type === "message" && e.message.role === "user" ? [i] : []));
  const end = users[1] ?? branch.length;
  const blocks: string[] = [];
  const calls = new Map<string, Loose>();
  for (let i = users[0] ?? 0; i < end; i++) {
    const m = branch[i]!.type === "message" ? branch[i]!.message : undefined;
    for (const c of callsOf(m)) calls.set(c.id, c);
    const path =
      m?.role === "toolResult" && !m.isError ? pathOf(calls.get(m.toolCallId)?.arguments) : undefined;
    if (!path) continue;
    const name = path.split("/").at(-1)!;
    if (instructions.includes(rel(path, cwd)) || instructions.includes(name))
      blocks.push(`<read path="${rel(path, cwd)}">\n${textOf(m.content)}\n</read>`);
  }
  return blocks;
}

const renderSpan = (s: Span, trimmed: boolean) =>
  `<span n="${s.n}" from="${s.from ?? ""}" to="${s.to ?? ""}"${trimmed ? ' trimmed="true"' : ""}>\n${s.lines.map((l) => `${l.text}\n`).join("")}</span>`;

/** The original handler: event and ctx as pi passes them; returns pi's compaction result. */
export function originalBeforeCompact(event: Loose, ctx: Loose, capOn: boolean): Loose | undefined {
  const branch = event.branchEntries as Loose[];
  const cwd = ctx.cwd as string;
  const first = event.preparation.firstKeptEntryId as string;
  const outcome = new Map<string, string>();
  const read = new Set<string>();
  const modified = new Set<string>();
  let previous: Loose | undefined;
  let start = 0;
  let end = branch.length;
  branch.forEach((e, i) => {
    if (e.id === first) end = i;
    if (e.type === "compaction") {
      previous = e;
      const kept = branch.findIndex((x) => x.id === e.firstKeptEntryId);
      start = kept >= 0 ? kept : i + 1;
    }
    const m = e.type === "message" ? e.message : undefined;
    if (m?.role === "toolResult") outcome.set(m.toolCallId, m.isError ? "error" : "ok");
  });
  for (let i = start; i < end; i++)
    for (const c of callsOf(branch[i]!.message)) {
      const path = pathOf(c.arguments);
      if (path)
        (c.name === "read" ? read : c.name === "write" || c.name === "edit" ? modified : read).add(
          rel(path, cwd),
        );
    }
  const saved: Span[] = previous?.details?.orig?.spans ?? [];
  const spans: Span[] = [
    ...saved.map((s) => ({ ...s, lines: [...s.lines] })),
    {
      n: saved.length + 1,
      from: branch[start]?.id ?? null,
      to: branch[end - 1]?.id ?? null,
      lines: spanLines(branch, start, end, outcome, cwd),
    },
  ];
  const evidence = tailEvidence(branch, end, cwd);
  const files = [...read, ...modified].map((p) => (evidence.has(p) ? `${p} (${evidence.get(p)})` : p));
  const head = [
    `# Checkpoint ${spans.length}`,
    `trigger: ${event.reason}`,
    "Removed output stays in the session.",
  ];
  const fixed = [
    ...head,
    ...startupReads(branch, ctx.getSystemPrompt(), cwd),
    files.join("\n"),
    "--- tail ---",
  ];
  const limit = capOn && ctx.model?.contextWindow ? Math.floor(ctx.model.contextWindow * 0.25) * 4 : null;
  const changed = trim(spans, limit === null ? null : Math.max(500, limit - fixed.join("\n\n").length));
  const summary = [
    ...head,
    ...spans.map((s) => renderSpan(s, changed.has(s.n))),
    ...fixed.slice(head.length),
  ].join("\n\n");
  return {
    compaction: {
      summary,
      firstKeptEntryId: first,
      tokensBefore: event.preparation.tokensBefore,
      details: { orig: { spans }, readFiles: [...read], modifiedFiles: [...modified] },
    },
  };
}
