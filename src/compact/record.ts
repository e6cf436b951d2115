// Records a compaction confirmed by pi (session_compact) in the store, once per session entry, with the tokens it
// left in the context (sized here, once, by tokens-after.ts) and the model calls keel sent for it.
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import type { Clock } from "../core/clock.ts";
import { walkBranch } from "../session/branch.ts";
import type { BranchEntry } from "../session/entries.ts";
import { recordCompaction } from "../store/compactions.ts";
import type { KeelDb } from "../store/db.ts";
import { compactionDetailsOf, type VerifiedReport } from "./details.ts";
import { storedColumnsOf } from "./stored-report.ts";
import { tokensAfterOnBranch } from "./tokens-after.ts";

export interface ConfirmedCompaction {
  projectId: string;
  sessionId: string;
  sessionFile: string | undefined;
  entry: CompactionEntry;
  reason: string;
  fromExtension: boolean;
  /** The session's entries: the compaction's branch or the whole file (the branch is walked from the entry). */
  entries: readonly BranchEntry[];
}

/** The verified strategy's report as the store's columns (none for other strategies). */
function verifiedColumns(report: VerifiedReport | undefined) {
  return report ? storedColumnsOf(report) : {};
}

/** Root first, ending at `entry`, walked by parent ids through `entries`. */
function branchTo(entries: readonly BranchEntry[], entry: BranchEntry): BranchEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  byId.set(entry.id, entry);
  const walked = walkBranch({ entries: [...entries], byId }, entry.id);
  return walked.ok ? walked.value.entries : [entry];
}

export async function recordConfirmedCompaction(
  deps: { db: KeelDb; clock: Clock },
  event: ConfirmedCompaction,
): Promise<boolean> {
  const details = compactionDetailsOf(event.entry);
  const after = tokensAfterOnBranch(branchTo(event.entries, event.entry as BranchEntry), event.entry.id);
  return recordCompaction(deps.db, {
    projectId: event.projectId,
    sessionId: event.sessionId,
    sessionFile: event.sessionFile ?? null,
    entryId: event.entry.id,
    strategy: details.strategy,
    reason: event.reason,
    fromExtension: event.fromExtension,
    tokensBefore: event.entry.tokensBefore ?? null,
    firstKeptEntryId: event.entry.firstKeptEntryId ?? null,
    summaryChars: event.entry.summary.length,
    ...verifiedColumns(details.verified),
    // After the verified report: the one tokens-after figure every page reads, and the calls keel sent.
    tokensAfter: after?.tokens ?? null,
    tokensAfterBasis: after?.basis ?? null,
    modelCalls: details.modelCalls,
    createdAt: deps.clock.now(),
  });
}
