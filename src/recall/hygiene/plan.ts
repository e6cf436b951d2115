// The trim planner: which old, large, read-only tool outputs to replace by a short reference marker. Pure and
// linear in the branch. It protects recent turns, the active checkpoint prefix, instruction and skill reads,
// errors, images, keel's own recovery output and anything already edited; a result is only trimmed when its call
// is in context too, and only its content is replaced, so call and result stay paired.
import { ok, type Result } from "../../core/result.ts";
import { type BranchEntry, isTextOnly, messageOf, textOf } from "../../session/entries.ts";
import { type BranchScan, scanBranch, turnsSince } from "./branch-scan.ts";
import { trimMarker } from "./marker.ts";
import {
  DEFAULT_LIMITS,
  type HygieneLimits,
  isInstructionRead,
  isReadOnlyTool,
  isRecoveryTool,
  sourceLabel,
} from "./policy.ts";

export type TrimCause = "auto" | "manual" | "agent";

export interface TrimCandidate {
  entryId: string;
  /** The call this output answers: how a request's tool result message names it. */
  toolCallId: string;
  toolName: string;
  source: string;
  chars: number;
  marker: string;
  /** Characters saved: the output's length minus the marker's. */
  saved: number;
}

export type SkipReason =
  | "protected-recent"
  | "checkpoint-prefix"
  | "small"
  | "not-read-only"
  | "instruction"
  | "error-or-media"
  | "already-edited"
  | "call-out-of-context"
  | "over-batch";

interface Found {
  entry: BranchEntry;
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  text: string;
}

export interface TrimPlan {
  candidates: TrimCandidate[];
  savedChars: number;
  /** Why other tool outputs in context were left alone, counted. */
  skipped: Partial<Record<SkipReason, number>>;
  /** Assistant turns since the last keel trim, rewind or compaction. */
  turnsSinceChange: number;
}

/** Protected from this position on: the oldest of the last `protectTurns` assistant entries. */
function protectedFrom(scan: BranchScan, limits: HygieneLimits): number {
  const { assistants } = scan;
  if (assistants.length < limits.protectTurns) return -1;
  return assistants[assistants.length - limits.protectTurns]!;
}

export function planTrim(
  branch: readonly BranchEntry[] | BranchScan,
  limits: HygieneLimits = DEFAULT_LIMITS,
): TrimPlan {
  const scan = "positionOf" in branch ? branch : scanBranch(branch);
  const protect = protectedFrom(scan, limits);
  const prefixEnd = scan.checkpoint ? (scan.positionOf(scan.checkpoint.anchorId) ?? -1) : -1;
  const skipped: TrimPlan["skipped"] = {};
  const skip = (reason: SkipReason) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const found: Found[] = [];
  const end = protect === -1 ? 0 : protect;
  for (let i = Math.max(scan.windowStart, prefixEnd + 1); i < end; i++) {
    const candidate = consider(scan, scan.entries[i]!, limits, skip);
    if (candidate) found.push(candidate);
  }
  const batch = (found.length > limits.maxBatch ? largest(found, limits.maxBatch) : found).map(toCandidate);
  for (let n = batch.length; n < found.length; n++) skip("over-batch");
  return {
    candidates: batch,
    savedChars: batch.reduce((sum, c) => sum + c.saved, 0),
    skipped,
    turnsSinceChange: turnsSince(scan, scan.lastOwnedChange),
  };
}

function consider(
  scan: BranchScan,
  entry: BranchEntry,
  limits: HygieneLimits,
  skip: (reason: SkipReason) => void,
): Found | undefined {
  const message = messageOf(entry);
  if (message?.role !== "toolResult") return undefined;
  const toolName = typeof message.toolName === "string" ? message.toolName : "?";
  const call = typeof message.toolCallId === "string" ? scan.calls.get(message.toolCallId) : undefined;
  if (!isReadOnlyTool(toolName) || isRecoveryTool(toolName)) return void skip("not-read-only");
  if (message.isError === true || !isTextOnly(message.content)) return void skip("error-or-media");
  if (scan.edits.has(entry.id)) return void skip("already-edited");
  if (!call || call.index < scan.windowStart) return void skip("call-out-of-context");
  if (isInstructionRead(toolName, call.args)) return void skip("instruction");
  const text = textOf(message.content);
  if (text.length < limits.minChars) return void skip("small");
  return { entry, toolCallId: message.toolCallId as string, toolName, args: call.args, text };
}

/** Markers are built only for the outputs that make the batch (counting lines is the costly part). */
function toCandidate(found: Found): TrimCandidate {
  const source = sourceLabel(found.toolName, found.args);
  const chars = found.text.length;
  const marker = trimMarker({ ref: `t:${found.entry.id}`, source, chars, lines: lineCount(found.text) });
  return {
    entryId: found.entry.id,
    toolCallId: found.toolCallId,
    toolName: found.toolName,
    source,
    chars,
    marker,
    saved: chars - marker.length,
  };
}

/** The `n` longest outputs, back in branch order. */
function largest(found: Found[], n: number): Found[] {
  const keep = new Set([...found].sort((a, b) => b.text.length - a.text.length).slice(0, n));
  return found.filter((c) => keep.has(c));
}

function lineCount(text: string): number {
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return lines;
}

/** Whether an automatic batch may commit now: enough saving, enough turns since the last change, enough pressure. */
export function autoTrimDecision(
  plan: TrimPlan,
  contextPercent: number | null,
  limits: HygieneLimits = DEFAULT_LIMITS,
): Result<void> {
  if (plan.candidates.length === 0) return { ok: false, reason: "nothing to trim" };
  if (plan.savedChars < limits.autoMinNetChars)
    return { ok: false, reason: `saves ${plan.savedChars} chars, below ${limits.autoMinNetChars}` };
  if (plan.turnsSinceChange < limits.cooldownTurns)
    return { ok: false, reason: `cooldown: ${plan.turnsSinceChange}/${limits.cooldownTurns} turns` };
  if (contextPercent === null || contextPercent < limits.autoPercent)
    return { ok: false, reason: `context ${contextPercent ?? "?"}% below ${limits.autoPercent}%` };
  return ok(undefined);
}
