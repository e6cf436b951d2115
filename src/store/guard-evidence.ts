// Store functions for evidence runs: per-project numbers allocated inside one write transaction, so
// concurrent processes get unique, gap-free ids; newest-first listing and lookup by number.
import { and, desc, eq, max } from "drizzle-orm";
import { redactFields } from "../core/secrets.ts";
import type { KeelDb } from "./db.ts";
import { guardEvidence } from "./schema/index.ts";
import { withTransaction } from "./transaction.ts";

export type EvidenceRow = typeof guardEvidence.$inferSelect;
export type NewEvidence = Omit<typeof guardEvidence.$inferInsert, "seq" | "number">;

export async function recordEvidence(db: KeelDb, row: NewEvidence): Promise<EvidenceRow> {
  return withTransaction(db, async (tx) => {
    const [last] = await tx
      .select({ n: max(guardEvidence.number) })
      .from(guardEvidence)
      .where(eq(guardEvidence.projectId, row.projectId));
    const [inserted] = await tx
      .insert(guardEvidence)
      .values({ ...redactFields(row, ["command", "outputTail", "trustNote"]), number: (last?.n ?? 0) + 1 })
      .returning();
    return inserted as EvidenceRow;
  });
}

export async function listEvidence(db: KeelDb, projectId: string, limit = 10): Promise<EvidenceRow[]> {
  return db
    .select()
    .from(guardEvidence)
    .where(eq(guardEvidence.projectId, projectId))
    .orderBy(desc(guardEvidence.number))
    .limit(limit);
}

export async function getEvidence(
  db: KeelDb,
  projectId: string,
  number: number,
): Promise<EvidenceRow | undefined> {
  const [row] = await db
    .select()
    .from(guardEvidence)
    .where(and(eq(guardEvidence.projectId, projectId), eq(guardEvidence.number, number)));
  return row;
}
