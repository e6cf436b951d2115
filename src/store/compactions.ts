// Store functions for the compactions table: record a confirmed compaction once, list them newest first.
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { redactFields } from "../core/secrets.ts";
import type { KeelDb } from "./db.ts";
import { type CompactionRow, compactions, type NewCompaction } from "./schema/index.ts";

/** Records a compaction; a second report of the same session entry is ignored. Returns true when inserted. */
export async function recordCompaction(db: KeelDb, row: NewCompaction): Promise<boolean> {
  const inserted = await db
    .insert(compactions)
    .values(redactFields(row, ["reason", "sessionFile"]))
    .onConflictDoNothing({ target: [compactions.sessionId, compactions.entryId] })
    .returning({ id: compactions.id });
  return inserted.length > 0;
}

/** Gives a row recorded before the figure was kept its tokens after, once: a row that has one keeps it. */
export async function fillTokensAfter(
  db: KeelDb,
  id: number,
  after: { tokens: number; basis: string },
): Promise<void> {
  await db
    .update(compactions)
    .set({ tokensAfter: after.tokens, tokensAfterBasis: after.basis })
    .where(and(eq(compactions.id, id), isNull(compactions.tokensAfterBasis)));
}

export interface CompactionQuery {
  projectId?: string;
  sessionId?: string;
  limit?: number;
}

export async function listCompactions(db: KeelDb, query: CompactionQuery = {}): Promise<CompactionRow[]> {
  const where = query.projectId
    ? eq(compactions.projectId, query.projectId)
    : query.sessionId
      ? eq(compactions.sessionId, query.sessionId)
      : undefined;
  return db
    .select()
    .from(compactions)
    .where(where)
    .orderBy(desc(compactions.createdAt), desc(compactions.id))
    .limit(query.limit ?? 200);
}

/** How many compactions keel recorded per session id. */
export async function countCompactionsBySession(db: KeelDb): Promise<Map<string, number>> {
  const rows = await db
    .select({ sessionId: compactions.sessionId, n: count() })
    .from(compactions)
    .groupBy(compactions.sessionId);
  return new Map(rows.map((row) => [row.sessionId, row.n]));
}

export async function countCompactions(db: KeelDb, projectId?: string): Promise<number> {
  const where = projectId ? eq(compactions.projectId, projectId) : undefined;
  const [row] = await db.select({ n: count() }).from(compactions).where(where);
  return row?.n ?? 0;
}
