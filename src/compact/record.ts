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

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The verified strategy's report from the entry's details, as the store's columns (null for other strategies). */
function verifiedColumns(details: unknown) {
  const keel = (details as { keel?: Record<string, unknown> } | undefined)?.keel;
  if (keel?.strategy !== "verified") return {};
  const gaps = Array.isArray(keel.gaps) ? (keel.gaps as { kind?: unknown }[]).map((g) => String(g.kind)) : [];
  return {
    tokensAfter: num(keel.tokensAfter),
    coverage: num(keel.coverage),
    outcome: typeof keel.outcome === "string" ? keel.outcome : null,
    modelCalls: num(keel.modelCalls),
    latencyMs: num(keel.latencyMs),
    gaps: JSON.stringify(gaps),
  };
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
    ...verifiedColumns(event.entry.details),
    createdAt: deps.clock.now(),
  });
}
