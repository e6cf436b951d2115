// Records a compaction confirmed by pi (session_compact) in the store, once per session entry.
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import type { Clock } from "../core/clock.ts";
import { recordCompaction } from "../store/compactions.ts";
import type { KeelDb } from "../store/db.ts";
import { compactionDetailsOf } from "./details.ts";

export interface ConfirmedCompaction {
  projectId: string;
  sessionId: string;
  sessionFile: string | undefined;
  entry: CompactionEntry;
  reason: string;
  fromExtension: boolean;
}

export async function recordConfirmedCompaction(
  deps: { db: KeelDb; clock: Clock },
  event: ConfirmedCompaction,
): Promise<boolean> {
  return recordCompaction(deps.db, {
    projectId: event.projectId,
    sessionId: event.sessionId,
    sessionFile: event.sessionFile ?? null,
    entryId: event.entry.id,
    strategy: compactionDetailsOf(event.entry).strategy,
    reason: event.reason,
    fromExtension: event.fromExtension,
    tokensBefore: event.entry.tokensBefore ?? null,
    firstKeptEntryId: event.entry.firstKeptEntryId ?? null,
    summaryChars: event.entry.summary.length,
    createdAt: deps.clock.now(),
  });
}
