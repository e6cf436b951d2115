// The deterministic verbatim checkpoint: from the branch and pi's boundary to the summary text, the separate
// re-orientation reminder and the details later compactions read. Pure: no clock, no I/O, no model call.
import { boundedJson } from "../../core/bounded-json.ts";
import { ok, type Result } from "../../core/result.ts";
import { redact } from "../../core/secrets.ts";
import { type BranchEntry, messageOf, textOf } from "../../session/entries.ts";
import { type BranchIndex, indexBranchFacts } from "./branch-index.ts";
import { type CappedSpan, capLimitChars, MIN_LINE_BUDGET, trimSpans } from "./cap.ts";
import { accumulateFileLists, annotate, type FileLists, tailEvidence } from "./file-evidence.ts";
import { type History, readHistory } from "./history.ts";
import { displayPath } from "./signature.ts";
import { renderSpanLines } from "./span.ts";
import { selectStartupReads } from "./startup-reads.ts";
import {
  type CapReport,
  CHARS_PER_TOKEN,
  type Checkpoint,
  type CheckpointInput,
  type SavedSpan,
  type SpanLine,
  type StartupRead,
  type StartupSelection,
  VERBATIM_VERSION,
} from "./types.ts";
import * as say from "./wording.ts";

export type CheckpointResult = Result<Checkpoint>;

interface Boundary {
  start: number;
  end: number;
  warnings: string[];
  partial: boolean;
}

/** Where the new span runs: from the previous kept boundary (or branch start) up to pi's first kept entry. */
function locateBoundary(input: CheckpointInput, index: BranchIndex, history: History): Boundary {
  const warnings: string[] = [];
  let partial = false;
  let end = index.positionOf(input.firstKeptEntryId);
  if (input.firstKeptEntryId === "") {
    // A compaction that records no first kept entry (an old file's unresolvable boundary): pi keeps nothing before it.
    end = input.branch.length;
    warnings.push("the compaction records no first kept entry; as in pi, everything before it is compacted");
  } else if (end === undefined) {
    end = input.branch.length;
    partial = true;
    warnings.push(
      `first kept entry ${input.firstKeptEntryId} is not on the branch; everything up to the leaf was compacted`,
    );
  }
  let start = 0;
  const latest = history.latest as (BranchEntry & { firstKeptEntryId?: string }) | undefined;
  if (latest) {
    const kept = latest.firstKeptEntryId ? index.positionOf(latest.firstKeptEntryId) : undefined;
    start = kept !== undefined && latest.firstKeptEntryId !== latest.id ? kept : history.latestIndex + 1;
    if (kept === undefined && latest.firstKeptEntryId && latest.firstKeptEntryId !== latest.id) {
      partial = true;
      warnings.push(
        `compaction ${latest.id} keeps from ${String(latest.firstKeptEntryId)}, which is not on the branch; its tail was not re-compacted`,
      );
    }
  }
  if (start > end) {
    warnings.push(
      `the boundary ${input.firstKeptEntryId} lies before the previous one; the new span is empty`,
    );
    start = end;
  }
  return { start, end, warnings, partial };
}

function buildSpan(input: CheckpointInput, index: BranchIndex, history: History, bound: Boundary): SavedSpan {
  const { branch } = input;
  const some = bound.start < bound.end;
  return {
    n: history.compactions + 1,
    fromEntryId: some ? branch[bound.start]!.id : null,
    toEntryId: some ? branch[bound.end - 1]!.id : null,
    at: input.at ?? branch.at(-1)?.timestamp ?? "",
    reason: input.reason ?? "manual",
    splitTurn: input.isSplitTurn ?? false,
    lines: redactLines(renderSpanLines(branch, bound.start, bound.end, index, input.cwd)),
  };
}

/**
 * Span lines with every secret replaced by its `[redacted:<kind>]` marker (src/core/secrets.ts): the checkpoint
 * is sent with every later request, while the raw session keeps the original for keel_grep.
 */
function redactLines(lines: SpanLine[]): SpanLine[] {
  return lines.map((line) => {
    const text = redact(line.text);
    return text === line.text ? line : { ...line, text };
  });
}

const REDACTED = "[redacted:";

function carriesRedaction(spans: readonly SavedSpan[], ...blocks: string[]): boolean {
  return (
    blocks.some((block) => block.includes(REDACTED)) ||
    spans.some((span) => span.lines.some((line) => line.text.includes(REDACTED)))
  );
}

/** Renders the checkpoint keel writes for a compaction at `input.firstKeptEntryId`. */
export function renderCheckpoint(input: CheckpointInput): CheckpointResult {
  const { branch, cwd } = input;
  if (branch.length === 0) return { ok: false, reason: "the branch is empty; there is nothing to compact" };
  const budget = capLimitChars(input.cap ?? { unit: "off" }, input.contextWindow);
  if (!budget.ok) return budget;
  const index = indexBranchFacts(branch);
  const history = readHistory(branch);
  const bound = locateBoundary(input, index, history);
  const span = buildSpan(input, index, history, bound);
  const files = accumulateFileLists(history.files, branch, bound.start, bound.end, cwd, index);
  const startup = selectStartupReads(branch, index, cwd, input.contextFiles ?? [], history.startup);
  // The startup reads this checkpoint carries (those still in the tail are not repeated), and their shown paths.
  const kept = compactedStartup(startup, index, bound.end);
  const keptPaths = kept.map((read) => displayPath(read.path, cwd));
  const spans = [...history.spans, span];
  const startupBlock = renderStartupReads(branch, index, kept, keptPaths);
  const frame: Frame = {
    input,
    history,
    spans,
    partialNote: bound.partial ? say.partialNote(bound.warnings) : "",
    startupBlock,
    fileBlock: renderFileLists(files, branch, index, bound.end, cwd, keptPaths),
    secretsNote: carriesRedaction(spans, startupBlock, redact(history.base?.summary ?? "")),
  };
  const capped = applyCap(frame, input, budget.value);
  const warnings = [...bound.warnings];
  if (capped.report.overBudget) {
    warnings.push(
      `the checkpoint is ${capped.summary.length} chars, over the ${budget.value}-char cap: fixed parts (base, startup reads, file lists, protected items) are never trimmed`,
    );
  }
  const { summary, report: cap, trimmed } = capped;
  return ok({
    summary,
    reorientation: say.reorientationText({
      n: span.n,
      startupPaths: keptPaths,
      trimmedSpans: cap.trimmedSpans.length,
      hasBase: history.base !== undefined,
    }),
    details: {
      keel: {
        strategy: "verbatim",
        version: VERBATIM_VERSION,
        compaction: span.n,
        span,
        startupReads: startup,
        ...files,
        cap,
      },
      ...files,
    },
    stats: {
      chars: summary.length,
      estimatedTokens: Math.ceil(summary.length / CHARS_PER_TOKEN),
      spans: frame.spans.length,
      lines: trimmed.spans.reduce((sum, s) => sum + s.lines.length, 0),
      compactedEntries: bound.end - bound.start,
      tailEntries: branch.length - bound.end,
    },
    warnings,
    partial: bound.partial,
  });
}

/**
 * Trims span lines to what the cap leaves after the fixed parts and assembles the text once. The fixed parts
 * are measured by adding up their lengths (never by rendering a skeleton checkpoint), and not at all with the
 * cap off.
 */
function applyCap(frame: Frame, input: CheckpointInput, limit: number | null) {
  const fixed = fixedParts(frame, frame.spans.at(-1)?.at);
  const attrs = frame.spans.map(spanAttrs);
  let lineBudget: number | null = null;
  if (limit !== null) {
    const skeleton = frame.spans.map((span, s) => renderSpan({ span, lines: [], trimmed: true }, attrs[s]!));
    const parts = fixed.head.length + skeleton.length + fixed.tail.length;
    const overhead =
      lengthOf(fixed.head) + lengthOf(skeleton) + lengthOf(fixed.tail) + SEPARATOR.length * (parts - 1);
    lineBudget = Math.max(MIN_LINE_BUDGET, limit - overhead);
  }
  const trimmed = trimSpans(frame.spans, lineBudget);
  const spans = trimmed.spans.map((capped, s) => renderSpan(capped, attrs[s]!));
  const summary = [...fixed.head, ...spans, ...fixed.tail].join(SEPARATOR);
  const report: CapReport = {
    setting: input.cap ?? { unit: "off" },
    limitChars: limit,
    lineBudget,
    removedLines: trimmed.removed,
    stubbedLines: trimmed.stubbed,
    trimmedSpans: trimmed.spans.filter((s) => s.trimmed).map((s) => s.span.n),
    overBudget: limit !== null && summary.length > limit,
  };
  return { summary, report, trimmed };
}

const SEPARATOR = "\n\n";
const lengthOf = (parts: readonly string[]) => parts.reduce((sum, part) => sum + part.length, 0);

interface Frame {
  input: CheckpointInput;
  history: History;
  spans: SavedSpan[];
  startupBlock: string;
  fileBlock: string;
  partialNote: string;
  /** True when the checkpoint shows redaction markers, so it says where the originals are. */
  secretsNote: boolean;
}

/** An attribute value; values from the session file may be any JSON type, so they are made text first. */
const attr = (value: unknown) =>
  (typeof value === "string"
    ? value
    : value === undefined || value === null
      ? ""
      : (boundedJson(value, { maxChars: 200 }) ?? "")
  ).replace(/[&"<>\n]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A span's attributes before the trimmed mark; computed once, for the measured skeleton and the real span. */
function spanAttrs(span: SavedSpan): string {
  const split = span.splitTurn ? ' split-turn="true"' : "";
  return `n="${span.n}" from="${attr(span.fromEntryId ?? "")}" to="${attr(span.toEntryId ?? "")}" at="${attr(span.at)}" reason="${attr(span.reason)}"${split}`;
}

function renderSpan(capped: CappedSpan, attrs: string): string {
  const { span, lines, trimmed } = capped;
  const marked = trimmed && span.lines.length > 0;
  let body = "";
  for (const line of lines) body += `${line}\n`;
  if (marked && lines.length === 0) body += `${say.EMPTY_AFTER_TRIM}\n`;
  if (marked) body += `${say.TRIM_NOTE}\n`;
  return `<compacted-span ${attrs}${marked ? ' trimmed="true"' : ""}>\n${body}</compacted-span>`;
}

/** The parts before and after the spans; the checkpoint is head, spans, tail joined by blank lines. */
function fixedParts(frame: Frame, lastAt: string | undefined): { head: string[]; tail: string[] } {
  const { input, history } = frame;
  const n = history.compactions + 1;
  const facts = [`compacted at ${lastAt || "?"}`, `trigger: ${input.reason ?? "manual"}`];
  if (input.tokensBefore !== undefined) facts.push(`about ${input.tokensBefore} tokens before`);
  const head = [say.checkpointTitle(n), facts.join(" · ")];
  if (frame.partialNote) head.push(frame.partialNote);
  head.push(say.INTRO, say.RECOVERY);
  if (frame.secretsNote) head.push(say.SECRETS_NOTE);
  if (input.protectedBlock) head.push(input.protectedBlock);
  if (history.base) {
    const base = history.base;
    head.push(
      say.MIXED_CONTEXT,
      `<compacted-base kind="${base.kind}" entry="${attr(base.entryId)}">\n${redact(base.summary)}\n</compacted-base>`,
    );
  }
  const tail: string[] = [];
  if (frame.startupBlock) tail.push(frame.startupBlock);
  if (frame.fileBlock) tail.push(frame.fileBlock);
  tail.push(say.EVIDENCE_BOUNDARY, say.TAIL_MARKER);
  return { head, tail };
}

function compactedStartup(startup: StartupSelection, index: BranchIndex, end: number) {
  return startup.reads.filter((read) => (index.positionOf(read.resultEntryId) ?? Infinity) < end);
}

function renderStartupReads(
  branch: readonly BranchEntry[],
  index: BranchIndex,
  reads: readonly StartupRead[],
  shownPaths: readonly string[],
): string {
  if (reads.length === 0) return "";
  const blocks = reads.map((read, r) => {
    const entry = branch[index.positionOf(read.resultEntryId)!]!;
    const range = `${read.offset !== undefined ? ` offset="${read.offset}"` : ""}${read.limit !== undefined ? ` limit="${read.limit}"` : ""}`;
    const head = `<startup-read entry="${attr(read.resultEntryId)}" path="${attr(shownPaths[r]!)}"${range}>`;
    return `${head}\n${redact(textOf(messageOf(entry)?.content))}\n</startup-read>`;
  });
  return `<startup-reads note="${attr(say.STARTUP_NOTE)}">\n${blocks.join("\n")}\n</startup-reads>`;
}

function renderFileLists(
  files: FileLists,
  branch: readonly BranchEntry[],
  index: BranchIndex,
  end: number,
  cwd: string,
  startupPaths: readonly string[],
): string {
  if (files.readFiles.length === 0 && files.modifiedFiles.length === 0) return "";
  const evidence = tailEvidence(branch, end, index, cwd);
  const retained = new Set(startupPaths);
  const line = (path: string, modified: boolean) => {
    const label = annotate(evidence.get(path), modified, retained.has(path));
    return label ? `${path} (${label})` : path;
  };
  const read = files.readFiles.map((path) => line(path, false));
  const modified = files.modifiedFiles.map((path) => line(path, true));
  return [
    say.FILE_LIST_NOTE,
    `<read-files default="${attr(say.READ_DEFAULT)}">`,
    ...read,
    "</read-files>",
    "<modified-files>",
    ...modified,
    "</modified-files>",
  ].join("\n");
}
