// Writing and reading memory records: record (with optional supersession), supersede, retention changes, and
// reads that show links, backlinks and the supersession chain. Every write is one transaction.
import { ok, problem } from "../core/result.ts";
import { scrubSecrets } from "../core/secrets.ts";
import type { KeelDb } from "../store/db.ts";
import {
  backlinksTo,
  bumpRevision,
  deleteMemoryRows,
  expiredUnlinkedIds,
  findMemoryRow,
  findMemoryRows,
  insertLinks,
  insertMemoryRow,
  linksFrom,
  memoryUsage,
  predecessorsOf,
  updateMemoryRow,
} from "../store/memory-records.ts";
import {
  MEMORY_LIMITS,
  type MemoryRecord,
  type MemoryResult,
  type Provenance,
  type RecordInput,
  type Redaction,
  type WriteContext,
} from "./model.ts";
import { type MemoryDeps, memoryTransaction, readPolicy, rollbackWith } from "./policy.ts";
import { newMemoryId, recordBytes, toMemoryRecord } from "./rows.ts";
import { parseExpiry, refusePastExpiry, validateRecordInput } from "./validate.ts";

export interface RecordOutcome {
  record: MemoryRecord;
  /** Secrets removed before storing (kinds and counts, never the secret). */
  redactions: Redaction[];
  /** The record this write superseded, if any. */
  superseded: string | null;
  /** Expired, unpinned, unlinked records removed first because the project cleans up automatically. */
  removedExpired: string[];
}

function scrubProvenance(p: Provenance): { value: Provenance; redactions: Redaction[] } {
  const redactions: Redaction[] = [];
  const clean = (v: string | null) => {
    if (v === null) return null;
    const r = scrubSecrets(v);
    for (const f of r.findings) redactions.push({ field: "provenance", kind: f.kind, count: f.count });
    return r.text;
  };
  return {
    value: { sessionId: clean(p.sessionId), head: clean(p.head), worktree: clean(p.worktree) },
    redactions,
  };
}

/** Ids in `ids` that are not owner or agent records of the project. */
async function missingIds(db: KeelDb, projectId: string, ids: string[]): Promise<string[]> {
  const found = await findMemoryRows(db, projectId, ids);
  const own = new Set(found.filter((r) => r.origin !== "derived").map((r) => r.id));
  return ids.filter((id) => !own.has(id));
}

/** Stores a new record. With `supersedes`, the named active record is marked superseded in the same commit. */
export async function recordMemory(
  deps: MemoryDeps,
  ctx: WriteContext,
  input: RecordInput,
): Promise<MemoryResult<RecordOutcome>> {
  const checked = validateRecordInput(input);
  if (!checked.ok) return checked;
  const clean = checked.value;
  const prov = scrubProvenance(ctx.provenance);
  const now = deps.clock.now();
  const future = refusePastExpiry(clean.expiresAt, now);
  if (!future.ok) return future;
  return memoryTransaction(deps.db, async (db) => {
    const policy = await readPolicy(db, ctx.projectId);
    const unknown = await missingIds(db, ctx.projectId, clean.links);
    if (unknown.length > 0)
      rollbackWith(problem("UNKNOWN_LINK", `links name unknown records: ${unknown.join(", ")}`, "links"));
    if (clean.supersedes) {
      const old = await findMemoryRow(db, ctx.projectId, clean.supersedes);
      if (!old || old.origin === "derived")
        rollbackWith(problem("NOT_FOUND", `no record ${clean.supersedes} in this project`, "supersedes"));
      if (old.status !== "active")
        rollbackWith(problem("ALREADY_SUPERSEDED", `${old.id} is already ${old.status}`, "supersedes"));
    }
    const removedExpired =
      (ctx.cleanupMode ?? policy.cleanupMode) === "auto"
        ? (await expiredUnlinkedIds(db, ctx.projectId, now)).filter(
            (id) => !clean.links.includes(id) && id !== clean.supersedes,
          )
        : [];
    await deleteMemoryRows(db, ctx.projectId, removedExpired);
    const tags = clean.tags.join(" ");
    const sourceRefs = JSON.stringify(clean.sourceRefs);
    const provenance = JSON.stringify([prov.value]);
    const bytes = recordBytes({ title: clean.title, body: clean.body, tags, sourceRefs, provenance });
    const usage = await memoryUsage(db, ctx.projectId);
    if (usage.bytes + bytes > policy.maxBytes)
      rollbackWith(
        problem(
          "QUOTA_EXCEEDED",
          `this record (${bytes} bytes) would take the project past its ${policy.maxBytes}-byte quota ` +
            `(${usage.bytes} used); run a cleanup plan first`,
        ),
      );
    const expiresAt =
      clean.expiresAt !== undefined
        ? clean.expiresAt
        : clean.category === "session"
          ? now + policy.sessionTtlMs
          : null;
    const id = newMemoryId(now);
    await insertMemoryRow(db, {
      id,
      projectId: ctx.projectId,
      title: clean.title,
      body: clean.body,
      tags,
      kind: clean.kind,
      category: clean.category,
      origin: ctx.origin,
      pinned: clean.pinned,
      expiresAt,
      sourceRefs,
      aliases: JSON.stringify(clean.aliases),
      provenance,
      bytes,
      createdAt: now,
      updatedAt: now,
    });
    await insertLinks(db, ctx.projectId, id, clean.links);
    if (clean.supersedes)
      await updateMemoryRow(db, ctx.projectId, clean.supersedes, {
        status: "superseded",
        supersededBy: id,
        updatedAt: now,
      });
    await bumpRevision(db, ctx.projectId);
    const row = await findMemoryRow(db, ctx.projectId, id);
    return {
      record: toMemoryRecord(row!, clean.links),
      redactions: [...clean.redactions, ...prov.redactions],
      superseded: clean.supersedes ?? null,
      removedExpired,
    };
  });
}

/** Marks `oldId` as superseded by `newId`; both must be active records of the project. */
export async function supersedeMemory(
  deps: MemoryDeps,
  projectId: string,
  oldId: string,
  newId: string,
): Promise<MemoryResult<{ superseded: string; by: string }>> {
  if (oldId === newId) return problem("INVALID_INPUT", "a record cannot supersede itself");
  const now = deps.clock.now();
  return memoryTransaction(deps.db, async (db) => {
    await readPolicy(db, projectId);
    const rows = await findMemoryRows(db, projectId, [oldId, newId]);
    const old = rows.find((r) => r.id === oldId && r.origin !== "derived");
    const next = rows.find((r) => r.id === newId && r.origin !== "derived");
    if (!old) rollbackWith(problem("NOT_FOUND", `no record ${oldId} in this project`, "oldId"));
    if (!next) rollbackWith(problem("NOT_FOUND", `no record ${newId} in this project`, "newId"));
    if (old.status !== "active")
      rollbackWith(problem("ALREADY_SUPERSEDED", `${oldId} is already ${old.status}`));
    if (next.status !== "active")
      rollbackWith(
        problem("INVALID_INPUT", `${newId} is ${next.status}; only an active record can replace another`),
      );
    await updateMemoryRow(db, projectId, oldId, {
      status: "superseded",
      supersededBy: newId,
      updatedAt: now,
    });
    await bumpRevision(db, projectId);
    return { superseded: oldId, by: newId };
  });
}

export interface RetentionPatch {
  pinned?: boolean;
  /** ISO time or null ("never"). */
  expiresAt?: string | null;
}

/** Changes pin and expiry. Unpinning needs `approved` (a person said yes), since pins protect other records. */
export async function setRetention(
  deps: MemoryDeps,
  projectId: string,
  id: string,
  patch: RetentionPatch,
  options: { unpinApproved: boolean },
): Promise<MemoryResult<{ id: string; pinned: boolean; expiresAt: string | null }>> {
  if (patch.pinned === undefined && patch.expiresAt === undefined)
    return problem("INVALID_INPUT", "give pinned, expiresAt or both", "retention");
  const expiry = parseExpiry(patch.expiresAt);
  if (!expiry.ok) return expiry;
  const now = deps.clock.now();
  const future = refusePastExpiry(expiry.value, now);
  if (!future.ok) return future;
  return memoryTransaction(deps.db, async (db) => {
    await readPolicy(db, projectId);
    const row = await findMemoryRow(db, projectId, id);
    if (!row || row.origin === "derived")
      rollbackWith(problem("NOT_FOUND", `no record ${id} in this project`, "id"));
    if (row.pinned && patch.pinned === false && !options.unpinApproved)
      rollbackWith(problem("APPROVAL_REQUIRED", `unpinning ${id} needs a person's approval`));
    const pinned = patch.pinned ?? Boolean(row.pinned);
    const expiresAt = expiry.value === undefined ? row.expiresAt : expiry.value;
    await updateMemoryRow(db, projectId, id, { pinned, expiresAt, updatedAt: now });
    await bumpRevision(db, projectId);
    return { id, pinned, expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() };
  });
}

export interface ReadOutcome {
  record: MemoryRecord;
  /** Oldest first: the records this one replaced, directly or through others. */
  supersedes: string[];
  /** Newest last: the records that replaced this one, ending at the current one. */
  supersededBy: string[];
  backlinks: string[];
  backlinksTruncated: boolean;
  retention: { eligibleForCleanup: boolean; reason: "expired" | "superseded" | null };
}

/** Reads one record (owner, agent or derived) with its links, backlinks and supersession chain. */
export async function readMemory(
  deps: MemoryDeps,
  projectId: string,
  id: string,
): Promise<MemoryResult<ReadOutcome>> {
  const { db } = deps;
  const row = await findMemoryRow(db, projectId, id);
  if (!row) return problem("NOT_FOUND", `no record ${id} in this project`, "id");
  const links = (await linksFrom(db, projectId, [id])).get(id) ?? [];
  const back = await backlinksTo(db, projectId, id, MEMORY_LIMITS.backlinks + 1);
  const forward: string[] = [];
  for (let next = row.supersededBy; next && forward.length < 50 && !forward.includes(next); ) {
    forward.push(next);
    next = (await findMemoryRow(db, projectId, next))?.supersededBy ?? null;
  }
  const backward: string[] = [];
  let frontier = [id];
  while (frontier.length > 0 && backward.length < 50) {
    const older = (await Promise.all(frontier.map((f) => predecessorsOf(db, projectId, f)))).flat();
    frontier = older.map((r) => r.id).filter((r) => !backward.includes(r) && r !== id);
    backward.unshift(...frontier);
  }
  const now = deps.clock.now();
  const expired = row.expiresAt !== null && row.expiresAt <= now;
  const reason = row.pinned ? null : row.status === "superseded" ? "superseded" : expired ? "expired" : null;
  return ok({
    record: toMemoryRecord(row, links),
    supersedes: backward,
    supersededBy: forward,
    backlinks: back.slice(0, MEMORY_LIMITS.backlinks),
    backlinksTruncated: back.length > MEMORY_LIMITS.backlinks,
    retention: { eligibleForCleanup: reason !== null, reason },
  });
}
