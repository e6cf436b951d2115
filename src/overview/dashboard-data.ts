// The data behind the UI's dashboard: keel's recorded compactions over time with pi's tokens before and the
// tokens after keel recorded (recorded-tokens.ts), the saving ratio, verification coverage, the model calls
// keel's checkpoints avoided (pi's own summary asks the model at least once), and memory records over time.
import type { TokensAfter } from "../compact/tokens-after.ts";
import { listCompactions } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";
import { countMemoryByDay } from "../store/memory-growth.ts";
import { fillMissingTokensAfter, recordedTokensAfter } from "./recorded-tokens.ts";

export interface DashboardPoint {
  at: number;
  sessionId: string;
  entryId: string;
  strategy: string;
  before: number | null;
  after: TokensAfter;
  /** Verified compactions: the share of extracted facts the applied summary states (0..1). */
  coverage: number | null;
  /** Model calls keel sent for it (null: pi's own summary, not seen by keel). */
  modelCalls: number | null;
  /** A checkpoint written with no model call, where pi's summary would have asked. */
  avoidedCall: boolean;
}

export interface DashboardData {
  /** Oldest first, at most the limit asked for. */
  points: DashboardPoint[];
  compactions: number;
  byStrategy: Record<string, number>;
  modelCallsAvoided: number;
  modelCallsSent: number;
  tokensBefore: number;
  tokensAfter: number;
  /** 1 − after/before over compactions that know their before; null when none does. */
  savingRatio: number | null;
  /** Memory records created per day, with the running total. */
  memory: { day: number; created: number; total: number }[];
}

export async function collectDashboard(store: Store, limit = 5_000): Promise<DashboardData> {
  const rows = await fillMissingTokensAfter(store, await listCompactions(store.db, { limit }));
  const byStrategy: Record<string, number> = {};
  let before = 0;
  let after = 0;
  const points: DashboardPoint[] = [];
  for (const row of [...rows].reverse()) {
    byStrategy[row.strategy] = (byStrategy[row.strategy] ?? 0) + 1;
    const figure = recordedTokensAfter(row) ?? { tokens: 0, basis: "estimated" as const };
    if (row.tokensBefore !== null) {
      before += row.tokensBefore;
      after += figure.tokens;
    }
    points.push({
      at: row.createdAt,
      sessionId: row.sessionId,
      entryId: row.entryId,
      strategy: row.strategy,
      before: row.tokensBefore,
      after: figure,
      coverage: row.coverage,
      modelCalls: row.modelCalls,
      avoidedCall: row.strategy === "verbatim" && (row.modelCalls ?? 0) === 0,
    });
  }
  const memory: DashboardData["memory"] = [];
  for (const d of await countMemoryByDay(store.db))
    memory.push({ ...d, total: (memory.at(-1)?.total ?? 0) + d.created });
  return {
    points,
    compactions: rows.length,
    byStrategy,
    modelCallsAvoided: points.filter((p) => p.avoidedCall).length,
    modelCallsSent: points.reduce((sum, p) => sum + (p.modelCalls ?? 0), 0),
    tokensBefore: before,
    tokensAfter: after,
    savingRatio: before > 0 ? 1 - after / before : null,
    memory,
  };
}
