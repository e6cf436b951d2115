// Store functions for the guard journal and the project's contract rows (owner and agent rules).
import { and, count, desc, eq, max } from "drizzle-orm";
import { redactFields, redactJsonStrings } from "../core/secrets.ts";
import type { KeelDb } from "./db.ts";
import { guardJournal, guardRules } from "./schema/index.ts";
import { withTransaction } from "./transaction.ts";

export type JournalRow = typeof guardJournal.$inferSelect;
export type NewJournal = Omit<typeof guardJournal.$inferInsert, "seq" | "number">;
export type RuleRow = typeof guardRules.$inferSelect;

export async function addJournalEntry(db: KeelDb, row: NewJournal): Promise<JournalRow> {
  return withTransaction(db, async (tx) => {
    const [last] = await tx
      .select({ n: max(guardJournal.number) })
      .from(guardJournal)
      .where(eq(guardJournal.projectId, row.projectId));
    const [inserted] = await tx
      .insert(guardJournal)
      .values({
        ...redactFields(row, ["text"]),
        tags: redactJsonStrings(row.tags ?? "[]"),
        number: (last?.n ?? 0) + 1,
      })
      .returning();
    return inserted as JournalRow;
  });
}

export async function listJournal(
  db: KeelDb,
  projectId: string,
  options: { type?: JournalRow["type"]; limit?: number } = {},
): Promise<JournalRow[]> {
  const where = options.type
    ? and(eq(guardJournal.projectId, projectId), eq(guardJournal.type, options.type))
    : eq(guardJournal.projectId, projectId);
  return db
    .select()
    .from(guardJournal)
    .where(where)
    .orderBy(desc(guardJournal.number))
    .limit(options.limit ?? 20);
}

export async function listRules(db: KeelDb, projectId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(guardRules)
    .where(eq(guardRules.projectId, projectId))
    .orderBy(guardRules.createdAt);
}

/** Adds or rewords a rule; an agent cannot overwrite an owner rule with the same id. Returns false then. */
export async function putRule(db: KeelDb, input: RuleRow): Promise<boolean> {
  const row = redactFields(input, ["text"]);
  return withTransaction(db, async (tx) => {
    const [existing] = await tx
      .select()
      .from(guardRules)
      .where(and(eq(guardRules.projectId, row.projectId), eq(guardRules.id, row.id)));
    if (existing && existing.origin === "owner" && row.origin === "agent") return false;
    await tx
      .insert(guardRules)
      .values(row)
      .onConflictDoUpdate({
        target: [guardRules.projectId, guardRules.id],
        set: { text: row.text, origin: row.origin },
      });
    return true;
  });
}

export async function deleteRule(db: KeelDb, projectId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(guardRules)
    .where(and(eq(guardRules.projectId, projectId), eq(guardRules.id, id)))
    .returning({ id: guardRules.id });
  return removed.length > 0;
}

export async function countJournal(db: KeelDb, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guardJournal)
    .where(eq(guardJournal.projectId, projectId));
  return row?.n ?? 0;
}
