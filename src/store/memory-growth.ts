// The store query behind the dashboard's memory-growth chart: memory records created per UTC day, oldest first.
import { asc, count, sql } from "drizzle-orm";
import type { KeelDb } from "./db.ts";
import { memoryRecords } from "./schema/index.ts";

const DAY_MS = 86_400_000;

/** Records created on each day that had any (`day` is the day's start, ms since the epoch). */
export async function countMemoryByDay(db: KeelDb): Promise<{ day: number; created: number }[]> {
  const day = sql<number>`(${memoryRecords.createdAt} / ${DAY_MS})`;
  const rows = await db.select({ day, created: count() }).from(memoryRecords).groupBy(day).orderBy(asc(day));
  return rows.map((row) => ({ day: Number(row.day) * DAY_MS, created: row.created }));
}
