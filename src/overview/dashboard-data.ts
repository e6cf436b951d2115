// The data behind the UI's dashboard: keel's recorded compactions over time with tokens before and the
// checkpoint's estimated size after, the saving ratio, and the model calls keel's verbatim checkpoints avoided
// (pi's native compaction asks the model once each time).
import { CHARS_PER_TOKEN } from "../compact/verbatim/types.ts";
import { listCompactions } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";

export const DASHBOARD_POINTS = 60;

export interface DashboardPoint {
  at: number;
  sessionId: string;
  entryId: string;
  strategy: string;
  before: number | null;
  /** The summary's estimated tokens (4 characters a token). */
  after: number;
}

export interface DashboardData {
  /** Oldest first, at most DASHBOARD_POINTS. */
  points: DashboardPoint[];
  compactions: number;
  byStrategy: Record<string, number>;
  modelCallsAvoided: number;
  tokensBefore: number;
  tokensAfter: number;
  /** 1 − after/before over compactions that know their before; null when none does. */
  savingRatio: number | null;
}

export async function collectDashboard(store: Store, limit = 5_000): Promise<DashboardData> {
  const rows = await listCompactions(store.db, { limit });
  const byStrategy: Record<string, number> = {};
  let before = 0;
  let after = 0;
  for (const row of rows) {
    byStrategy[row.strategy] = (byStrategy[row.strategy] ?? 0) + 1;
    if (row.tokensBefore === null) continue;
    before += row.tokensBefore;
    after += Math.ceil(row.summaryChars / CHARS_PER_TOKEN);
  }
  const points = rows
    .slice(0, DASHBOARD_POINTS)
    .reverse()
    .map((row) => ({
      at: row.createdAt,
      sessionId: row.sessionId,
      entryId: row.entryId,
      strategy: row.strategy,
      before: row.tokensBefore,
      after: Math.ceil(row.summaryChars / CHARS_PER_TOKEN),
    }));
  return {
    points,
    compactions: rows.length,
    byStrategy,
    modelCallsAvoided: byStrategy.verbatim ?? 0,
    tokensBefore: before,
    tokensAfter: after,
    savingRatio: before > 0 ? 1 - after / before : null,
  };
}
