// Records a compaction confirmed by pi (session_compact) in the store, once per session entry.
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import type { Clock } from "../core/clock.ts";
import { recordCompaction } from "../store/compactions.ts";
import type { KeelDb } from "../store/db.ts";
import { compactionDetailsOf, type VerifiedReport } from "./details.ts";
import { storedColumnsOf } from "./stored-report.ts";

export interface ConfirmedCompaction {
  projectId: string;
  sessionId: string;
  sessionFile: string | undefined;
  entry: CompactionEntry;
  reason: string;
  fromExtension: boolean;
}

/** The verified strategy's report as the store's columns (none for other strategies). */
function verifiedColumns(report: VerifiedReport | undefined) {
  return report ? storedColumnsOf(report) : {};
}

export async function recordConfirmedCompaction(
  deps: { db: KeelDb; clock: Clock },
  event: ConfirmedCompaction,
): Promise<boolean> {
  const details = compactionDetailsOf(event.entry);
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
    createdAt: deps.clock.now(),
  });
}
