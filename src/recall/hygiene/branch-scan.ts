// One linear pass over the active branch that every hygiene planner shares: tool calls by id, the latest
// context edit per target, assistant turn positions, where model context starts after the latest compaction,
// and keel's own hygiene records (trims, checkpoints, rewinds, settings). Pure; O(branch).
import { positionFinder } from "../../session/branch.ts";
import { isCustomEntry } from "../../session/custom-entries.ts";
import { asRecord, type BranchEntry, messageOf, toolCallsOf } from "../../session/entries.ts";

export const TRIM_RECORD = "keel.recall.trim";
export const CHECKPOINT_RECORD = "keel.recall.checkpoint";
export const REWIND_RECORD = "keel.recall.rewind";
export const SETTINGS_RECORD = "keel.recall.settings";
export const REWIND_REPORT = "keel.recall.rewind-report";

export interface CallSite {
  name: string;
  args: Record<string, unknown>;
  /** Position of the assistant entry that made the call. */
  index: number;
}

export interface TrimRecord {
  cause: string;
  savedChars: number;
  targets: string[];
}

export interface CheckpointRecord {
  id: string;
  /** The last entry of the protected prefix (the checkpoint call's tool result). */
  anchorId: string;
  index: number;
}

export interface HygieneSettings {
  auto: boolean;
  spill: boolean;
}

export interface BranchScan {
  entries: readonly BranchEntry[];
  /** Position of an entry on the branch (a memoized scan from the leaf; callers ask for a handful of ids). */
  positionOf(id: string): number | undefined;
  calls: Map<string, CallSite>;
  /** Latest edit per target: `null` omits it, otherwise its replacement content. */
  edits: Map<string, { content: unknown } | null>;
  /** Positions of assistant message entries, oldest first. */
  assistants: number[];
  /** First position whose entry is in model context (the latest compaction's kept range). */
  windowStart: number;
  /** Position of the latest keel trim, rewind or any compaction (the automatic cooldown restarts there). */
  lastOwnedChange: number;
  trims: TrimRecord[];
  /** The newest checkpoint that no rewind or later user message closed. */
  checkpoint: CheckpointRecord | undefined;
  settings: HygieneSettings;
}

const recordOf = (entry: BranchEntry, type: string) =>
  isCustomEntry(entry, type) ? (asRecord(entry.data) ?? {}) : undefined;

export function scanBranch(branch: readonly BranchEntry[]): BranchScan {
  const scan: BranchScan = {
    entries: branch,
    positionOf: positionFinder(branch),
    calls: new Map(),
    edits: new Map(),
    assistants: [],
    windowStart: 0,
    lastOwnedChange: -1,
    trims: [],
    checkpoint: undefined,
    settings: { auto: true, spill: false },
  };
  for (let i = 0; i < branch.length; i++) {
    const entry = branch[i]!;
    if (entry.type === "message") scanMessage(scan, entry, i);
    else if (entry.type === "context_edit") scanEdit(scan, entry);
    else if (entry.type === "compaction") scanCompaction(scan, entry, i);
    else if (entry.type === "custom") scanRecord(scan, entry, i);
  }
  return scan;
}

function scanMessage(scan: BranchScan, entry: BranchEntry, i: number): void {
  const message = messageOf(entry);
  if (message?.role === "assistant") {
    scan.assistants.push(i);
    for (const call of toolCallsOf(message))
      scan.calls.set(call.id, { name: call.name, args: call.args, index: i });
  } else if (message?.role === "user") {
    scan.checkpoint = undefined;
  }
}

function scanEdit(scan: BranchScan, entry: BranchEntry): void {
  const raw = entry as unknown as { targetId?: unknown; replacement?: unknown };
  if (typeof raw.targetId !== "string") return;
  const replacement = asRecord(raw.replacement);
  scan.edits.set(raw.targetId, replacement ? { content: replacement.content } : null);
}

function scanCompaction(scan: BranchScan, entry: BranchEntry, i: number): void {
  const firstKept = (entry as unknown as { firstKeptEntryId?: unknown }).firstKeptEntryId;
  const kept = typeof firstKept === "string" ? scan.positionOf(firstKept) : undefined;
  scan.windowStart = kept ?? i + 1;
  scan.lastOwnedChange = i;
  scan.checkpoint = undefined;
}

function scanRecord(scan: BranchScan, entry: BranchEntry, i: number): void {
  const trim = recordOf(entry, TRIM_RECORD);
  if (trim) {
    const targets = Array.isArray(trim.targets) ? trim.targets.filter((t) => typeof t === "string") : [];
    const saved = typeof trim.savedChars === "number" ? trim.savedChars : 0;
    scan.trims.push({ cause: String(trim.cause ?? "?"), savedChars: saved, targets });
    scan.lastOwnedChange = i;
    return;
  }
  const checkpoint = recordOf(entry, CHECKPOINT_RECORD);
  if (checkpoint && typeof checkpoint.id === "string" && typeof checkpoint.anchorId === "string") {
    scan.checkpoint = { id: checkpoint.id, anchorId: checkpoint.anchorId, index: i };
    return;
  }
  if (recordOf(entry, REWIND_RECORD)) {
    scan.checkpoint = undefined;
    scan.lastOwnedChange = i;
    return;
  }
  const settings = recordOf(entry, SETTINGS_RECORD);
  if (settings) {
    if (typeof settings.auto === "boolean") scan.settings.auto = settings.auto;
    if (typeof settings.spill === "boolean") scan.settings.spill = settings.spill;
  }
}

/** Assistant turns after position `from`. */
export function turnsSince(scan: BranchScan, from: number): number {
  let count = 0;
  for (let i = scan.assistants.length - 1; i >= 0 && scan.assistants[i]! > from; i--) count++;
  return count;
}

/** The id of the tool-result entry answering a call, when it is on the branch. */
export function messageEntryOfCall(scan: BranchScan, toolCallId: string): string | undefined {
  for (let i = scan.entries.length - 1; i >= 0; i--) {
    const message = messageOf(scan.entries[i]!);
    if (message?.role === "toolResult" && message.toolCallId === toolCallId) return scan.entries[i]!.id;
  }
  return undefined;
}
