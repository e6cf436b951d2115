// Store functions for memory records, links and per-project memory policy rows. Plain reads and writes; the
// rules (validation, supersession, retention, cleanup) live in src/memory/.
import { and, eq, inArray, isNotNull, lte, ne, not, sql } from "drizzle-orm";
import { redactFields, redactJsonStrings } from "../core/secrets.ts";
import type { KeelDb } from "./db.ts";
import {
  type MemoryRow,
  memoryLinks,
  memoryPolicies,
  memoryRecords,
  memoryUsageTotals,
  type NewMemoryRow,
} from "./schema/index.ts";

export type { MemoryRow, NewMemoryRow };

export async function insertMemoryRow(db: KeelDb, row: NewMemoryRow): Promise<void> {
  const clean = redactFields(row, MEMORY_TEXT);
  for (const field of MEMORY_JSON)
    if (typeof row[field] === "string") clean[field] = redactJsonStrings(row[field]);
  await db.insert(memoryRecords).values(clean);
}

export async function findMemoryRows(db: KeelDb, projectId: string, ids: string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(memoryRecords)
    .where(and(eq(memoryRecords.projectId, projectId), inArray(memoryRecords.id, ids)));
}

export async function findMemoryRow(
  db: KeelDb,
  projectId: string,
  id: string,
): Promise<MemoryRow | undefined> {
  return (await findMemoryRows(db, projectId, [id]))[0];
}

/** Outgoing links of each record, keyed by record id. */
export async function linksFrom(
  db: KeelDb,
  projectId: string,
  ids: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(memoryLinks)
    .where(and(eq(memoryLinks.projectId, projectId), inArray(memoryLinks.fromId, ids)));
  for (const row of rows) out.get(row.fromId)?.push(row.toId);
  return out;
}

/** Ids of records that link to `id`, active ones only, up to `limit`. */
export async function backlinksTo(
  db: KeelDb,
  projectId: string,
  id: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: memoryLinks.fromId })
    .from(memoryLinks)
    .innerJoin(
      memoryRecords,
      and(eq(memoryRecords.projectId, memoryLinks.projectId), eq(memoryRecords.id, memoryLinks.fromId)),
    )
    .where(
      and(eq(memoryLinks.projectId, projectId), eq(memoryLinks.toId, id), eq(memoryRecords.status, "active")),
    )
    .orderBy(memoryLinks.fromId)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertLinks(
  db: KeelDb,
  projectId: string,
  fromId: string,
  toIds: string[],
): Promise<void> {
  if (toIds.length === 0) return;
  await db
    .insert(memoryLinks)
    .values(toIds.map((toId) => ({ projectId, fromId, toId })))
    .onConflictDoNothing();
}

/** Points every link aimed at one of `oldIds` to `newId` instead; returns the ids of the records redirected. */
export async function redirectLinks(
  db: KeelDb,
  projectId: string,
  oldIds: string[],
  newId: string,
): Promise<string[]> {
  if (oldIds.length === 0) return [];
  const where = and(eq(memoryLinks.projectId, projectId), inArray(memoryLinks.toId, oldIds));
  const rows = await db.select({ fromId: memoryLinks.fromId }).from(memoryLinks).where(where);
  const sources = [...new Set(rows.map((r) => r.fromId))].filter(
    (id) => id !== newId && !oldIds.includes(id),
  );
  await db.delete(memoryLinks).where(where);
  for (const fromId of sources) await insertLinks(db, projectId, fromId, [newId]);
  return sources.sort();
}

/** Deletes records and every link from or to them. */
export async function deleteMemoryRows(db: KeelDb, projectId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(memoryLinks)
    .where(
      and(
        eq(memoryLinks.projectId, projectId),
        sql`(${inArray(memoryLinks.fromId, ids)} or ${inArray(memoryLinks.toId, ids)})`,
      ),
    );
  await db
    .delete(memoryRecords)
    .where(and(eq(memoryRecords.projectId, projectId), inArray(memoryRecords.id, ids)));
}

export async function updateMemoryRow(
  db: KeelDb,
  projectId: string,
  id: string,
  patch: Partial<Pick<MemoryRow, "status" | "supersededBy" | "pinned" | "expiresAt" | "updatedAt">>,
): Promise<void> {
  await db
    .update(memoryRecords)
    .set(patch)
    .where(and(eq(memoryRecords.projectId, projectId), eq(memoryRecords.id, id)));
}

/** Records that `id` replaced (their superseded_by is `id`). */
export async function predecessorsOf(db: KeelDb, projectId: string, id: string): Promise<MemoryRow[]> {
  return db
    .select()
    .from(memoryRecords)
    .where(and(eq(memoryRecords.projectId, projectId), eq(memoryRecords.supersededBy, id)));
}

export interface MemoryUsage {
  records: number;
  bytes: number;
  derived: number;
}

/** Counts owner and agent records (quota) and derived records (separate cap), from the trigger-kept totals. */
export async function memoryUsage(db: KeelDb, projectId: string): Promise<MemoryUsage> {
  const [row] = await db
    .select({
      records: memoryUsageTotals.records,
      bytes: memoryUsageTotals.bytes,
      derived: memoryUsageTotals.derived,
    })
    .from(memoryUsageTotals)
    .where(eq(memoryUsageTotals.projectId, projectId));
  return {
    records: Number(row?.records ?? 0),
    bytes: Number(row?.bytes ?? 0),
    derived: Number(row?.derived ?? 0),
  };
}

/** Light rows of every owner and agent record, for retention and cleanup planning. */
export async function retentionRows(db: KeelDb, projectId: string) {
  return db
    .select({
      id: memoryRecords.id,
      title: memoryRecords.title,
      kind: memoryRecords.kind,
      status: memoryRecords.status,
      pinned: memoryRecords.pinned,
      expiresAt: memoryRecords.expiresAt,
      supersededBy: memoryRecords.supersededBy,
      bytes: memoryRecords.bytes,
      updatedAt: memoryRecords.updatedAt,
    })
    .from(memoryRecords)
    .where(and(eq(memoryRecords.projectId, projectId), ne(memoryRecords.origin, "derived")));
}

export type RetentionRow = Awaited<ReturnType<typeof retentionRows>>[number];

export async function allLinks(
  db: KeelDb,
  projectId: string,
): Promise<Array<{ fromId: string; toId: string }>> {
  return db
    .select({ fromId: memoryLinks.fromId, toId: memoryLinks.toId })
    .from(memoryLinks)
    .where(eq(memoryLinks.projectId, projectId));
}

/** Expired, unpinned user/agent records that nothing links to: what `auto` cleanup may remove unasked. */
export async function expiredUnlinkedIds(db: KeelDb, projectId: string, now: number): Promise<string[]> {
  const linked = db
    .select({ one: sql`1` })
    .from(memoryLinks)
    .where(and(eq(memoryLinks.projectId, projectId), eq(memoryLinks.toId, memoryRecords.id)));
  const rows = await db
    .select({ id: memoryRecords.id })
    .from(memoryRecords)
    .where(
      and(
        eq(memoryRecords.projectId, projectId),
        ne(memoryRecords.origin, "derived"),
        eq(memoryRecords.pinned, false),
        isNotNull(memoryRecords.expiresAt),
        lte(memoryRecords.expiresAt, now),
        not(sql`exists ${linked}`),
      ),
    );
  return rows.map((r) => r.id);
}

export interface PolicyRow {
  maxBytes: number | null;
  cleanupMode: "auto" | "ask" | null;
  revision: number;
  tokenKey: string;
}

/** The project's memory policy row, created with a fresh signing key on first use. */
export async function ensurePolicyRow(
  db: KeelDb,
  projectId: string,
  newKey: () => string,
): Promise<PolicyRow> {
  await db.insert(memoryPolicies).values({ projectId, tokenKey: newKey() }).onConflictDoNothing();
  const [row] = await db.select().from(memoryPolicies).where(eq(memoryPolicies.projectId, projectId));
  if (!row) throw new Error(`memory policy row for ${projectId} vanished`);
  return row;
}

export async function setPolicyRow(
  db: KeelDb,
  projectId: string,
  patch: { maxBytes?: number | null; cleanupMode?: "auto" | "ask" | null },
): Promise<void> {
  // An empty patch (no field given) changes nothing; Drizzle would refuse it with "No values to set".
  if (Object.values(patch).every((value) => value === undefined)) return;
  await db.update(memoryPolicies).set(patch).where(eq(memoryPolicies.projectId, projectId));
}

export async function bumpRevision(db: KeelDb, projectId: string): Promise<number> {
  const [row] = await db
    .update(memoryPolicies)
    .set({ revision: sql`${memoryPolicies.revision} + 1` })
    .where(eq(memoryPolicies.projectId, projectId))
    .returning({ revision: memoryPolicies.revision });
  return row?.revision ?? 0;
}

export async function findByFactKey(
  db: KeelDb,
  projectId: string,
  factKey: string,
): Promise<MemoryRow | undefined> {
  const [row] = await db
    .select()
    .from(memoryRecords)
    .where(and(eq(memoryRecords.projectId, projectId), eq(memoryRecords.factKey, factKey)));
  return row;
}

/** The free-text columns of a record: redacted on every write, whoever the caller. */
const MEMORY_TEXT = ["title", "body", "tags"] as const;
const MEMORY_JSON = ["sourceRefs", "aliases", "provenance", "consolidatedFrom"] as const;

export async function updateMemoryText(
  db: KeelDb,
  projectId: string,
  id: string,
  patch: Pick<MemoryRow, "title" | "body" | "tags" | "bytes" | "updatedAt">,
): Promise<void> {
  await db
    .update(memoryRecords)
    .set(redactFields(patch, ["title", "body", "tags"]))
    .where(and(eq(memoryRecords.projectId, projectId), eq(memoryRecords.id, id)));
}

/** Keeps the newest `keep` derived records of a project and deletes the rest; returns how many went. */
export async function pruneDerived(db: KeelDb, projectId: string, keep: number): Promise<number> {
  const doomed = await db
    .select({ id: memoryRecords.id })
    .from(memoryRecords)
    .where(and(eq(memoryRecords.projectId, projectId), eq(memoryRecords.origin, "derived")))
    .orderBy(sql`${memoryRecords.updatedAt} desc, ${memoryRecords.seq} desc`)
    .limit(-1)
    .offset(keep);
  await deleteMemoryRows(
    db,
    projectId,
    doomed.map((r) => r.id),
  );
  return doomed.length;
}
