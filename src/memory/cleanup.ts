// Cleanup against the store: plan (read-only), apply (one transaction: remove obsolete records, consolidate
// sources into summaries, redirect links and supersession pointers), and the automatic sweep of `auto` mode.
import { ok, problem } from "../core/result.ts";
import type { KeelDb } from "../store/db.ts";
import {
  allLinks,
  bumpRevision,
  deleteMemoryRows,
  expiredUnlinkedIds,
  findMemoryRows,
  insertLinks,
  insertMemoryRow,
  memoryUsage,
  type RetentionRow,
  redirectLinks,
  retentionRows,
  updateMemoryRow,
} from "../store/memory-records.ts";
import { MEMORY_LIMITS, type MemoryResult, type Origin, type Provenance } from "./model.ts";
import { type MemoryDeps, memoryTransaction, readPolicy, rollbackWith } from "./policy.ts";
import {
  type CleanupPlan,
  type CleanupProposal,
  type Consolidation,
  chainHead,
  obsoleteRecords,
  planCleanup,
  proposalToken,
  protectedIds,
} from "./retention.ts";
import { newMemoryId, recordBytes } from "./rows.ts";
import { validateRecordInput } from "./validate.ts";

export async function planMemoryCleanup(
  deps: MemoryDeps,
  projectId: string,
  requestedFreeBytes = 0,
): Promise<MemoryResult<CleanupPlan>> {
  if (!Number.isInteger(requestedFreeBytes) || requestedFreeBytes < 0)
    return problem("INVALID_INPUT", "requestedFreeBytes must be a whole number ≥ 0", "requestedFreeBytes");
  const policy = await readPolicy(deps.db, projectId);
  const [rows, links] = await Promise.all([retentionRows(deps.db, projectId), allLinks(deps.db, projectId)]);
  return ok(planCleanup({ rows, links, policy, projectId, now: deps.clock.now(), requestedFreeBytes }));
}

/** The confirmation token a person approves for this exact proposal at the current revision. */
export async function cleanupToken(
  deps: MemoryDeps,
  projectId: string,
  proposal: CleanupProposal,
): Promise<string> {
  const policy = await readPolicy(deps.db, projectId);
  return proposalToken(policy.tokenKey, projectId, proposal);
}

export interface CleanupOutcome {
  removedIds: string[];
  createdIds: string[];
  redirectedIds: string[];
  freedBytes: number;
}

export interface ApplyOptions {
  origin: Origin;
  provenance: Provenance;
  /** The token from the plan (or cleanupToken): checked whenever given, required in `ask` mode. */
  confirmation?: string;
}

/** Applies a proposal atomically. Anything stale, unapproved, protected or unknown rolls the whole thing back. */
export async function applyMemoryCleanup(
  deps: MemoryDeps,
  projectId: string,
  proposal: CleanupProposal,
  options: ApplyOptions,
): Promise<MemoryResult<CleanupOutcome>> {
  const shape = checkShape(proposal);
  if (!shape.ok) return shape;
  const now = deps.clock.now();
  return memoryTransaction(deps.db, async (db) => {
    const policy = await readPolicy(db, projectId);
    if (proposal.revision !== policy.revision)
      rollbackWith(
        problem("STALE_PLAN", `memory changed since the plan (revision ${policy.revision}); plan again`),
      );
    // The one token rule: a token given must be this proposal's; ask mode needs one.
    if (
      options.confirmation !== undefined &&
      options.confirmation !== proposalToken(policy.tokenKey, projectId, proposal)
    )
      rollbackWith(
        problem(
          "APPROVAL_REQUIRED",
          "the token does not match this proposal: memory changed or the token is wrong; plan again",
        ),
      );
    if (policy.cleanupMode === "ask" && options.confirmation === undefined)
      rollbackWith(problem("APPROVAL_REQUIRED", "this project cleans up only with a person's confirmation"));
    const before = (await memoryUsage(db, projectId)).bytes;
    const rows = await retentionRows(db, projectId);
    const links = await allLinks(db, projectId);
    const redirected = await removeObsolete(db, projectId, rows, links, proposal.removeIds, now);
    const created: string[] = [];
    for (const c of proposal.consolidations) {
      const result = await consolidate(db, projectId, rows, links, c, { ...options, now });
      created.push(result.id);
      redirected.push(...result.redirected);
    }
    const freedBytes = before - (await memoryUsage(db, projectId)).bytes;
    if (freedBytes <= 0) rollbackWith(problem("NO_CLEANUP_PROGRESS", "this proposal would free no space"));
    await bumpRevision(db, projectId);
    return {
      removedIds: [...proposal.removeIds, ...proposal.consolidations.flatMap((c) => c.sourceIds)].sort(),
      createdIds: created,
      redirectedIds: [...new Set(redirected)].sort(),
      freedBytes,
    };
  });
}

function checkShape(p: CleanupProposal): MemoryResult<true> {
  if (!Number.isInteger(p.revision)) return problem("CLEANUP_INVALID", "proposal.revision must be a number");
  if (p.removeIds.length > MEMORY_LIMITS.cleanupObsolete)
    return problem("CLEANUP_INVALID", `at most ${MEMORY_LIMITS.cleanupObsolete} removals per cleanup`);
  if (p.consolidations.length > MEMORY_LIMITS.consolidations)
    return problem("CLEANUP_INVALID", `at most ${MEMORY_LIMITS.consolidations} consolidations per cleanup`);
  const sources = p.consolidations.flatMap((c) => c.sourceIds);
  if (sources.length > MEMORY_LIMITS.consolidationSources)
    return problem(
      "CLEANUP_INVALID",
      `at most ${MEMORY_LIMITS.consolidationSources} consolidated records in all`,
    );
  if (p.consolidations.some((c) => c.sourceIds.length === 0))
    return problem("CLEANUP_INVALID", "every consolidation needs at least one source");
  const all = [...p.removeIds, ...sources];
  if (new Set(all).size !== all.length)
    return problem("CLEANUP_INVALID", "a record appears twice in the proposal");
  if (all.length === 0) return problem("CLEANUP_INVALID", "the proposal removes nothing");
  return ok(true);
}

async function removeObsolete(
  db: KeelDb,
  projectId: string,
  rows: RetentionRow[],
  links: Array<{ fromId: string; toId: string }>,
  ids: string[],
  now: number,
): Promise<string[]> {
  const obsolete = new Map(obsoleteRecords(rows, links, now).map((o) => [o.id, o]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    if (!byId.has(id)) rollbackWith(problem("NOT_FOUND", `no record ${id} in this project`));
    if (protectedIds(rows, links).has(id))
      rollbackWith(problem("CLEANUP_PROTECTED", `${id} is protected by a pin`));
    if (!obsolete.has(id))
      rollbackWith(problem("CLEANUP_INVALID", `${id} is neither expired nor superseded`));
  }
  const gone = new Set(ids);
  const redirected: string[] = [];
  for (const id of ids) {
    const head = chainHead(id, byId, gone);
    if (head) redirected.push(...(await redirectLinks(db, projectId, [id], head)));
    for (const older of rows.filter((r) => r.supersededBy === id && !gone.has(r.id)))
      await updateMemoryRow(db, projectId, older.id, { supersededBy: head });
  }
  await deleteMemoryRows(db, projectId, ids);
  return redirected;
}

async function consolidate(
  db: KeelDb,
  projectId: string,
  rows: RetentionRow[],
  links: Array<{ fromId: string; toId: string }>,
  c: Consolidation,
  options: ApplyOptions & { now: number },
): Promise<{ id: string; redirected: string[] }> {
  const guarded = protectedIds(rows, links);
  const sources = await findMemoryRows(db, projectId, c.sourceIds);
  for (const id of c.sourceIds) {
    const row = sources.find((r) => r.id === id);
    if (!row || row.origin === "derived")
      rollbackWith(problem("NOT_FOUND", `no record ${id} in this project`));
    if (guarded.has(id)) rollbackWith(problem("CLEANUP_PROTECTED", `${id} is protected by a pin`));
    if (row.status !== "active")
      rollbackWith(problem("CLEANUP_INVALID", `${id} is ${row.status}; remove it instead`));
  }
  const summary = validateRecordInput(c.summary);
  if (!summary.ok) rollbackWith(summary);
  const s = summary.value;
  const id = newMemoryId(options.now);
  const refs = [...new Set(sources.flatMap((r) => JSON.parse(r.sourceRefs) as string[]))];
  const prov = sources.flatMap((r) => JSON.parse(r.provenance) as Provenance[]);
  const from = [
    ...new Set([...c.sourceIds, ...sources.flatMap((r) => JSON.parse(r.consolidatedFrom) as string[])]),
  ];
  const expiries = sources.map((r) => r.expiresAt);
  const expiresAt = expiries.includes(null) ? null : Math.min(...(expiries as number[]));
  const tags = s.tags.join(" ");
  const sourceRefs = JSON.stringify(refs.slice(0, MEMORY_LIMITS.sourceRefs));
  const provenance = JSON.stringify([...prov, options.provenance].slice(-MEMORY_LIMITS.provenance));
  await insertMemoryRow(db, {
    id,
    projectId,
    title: s.title,
    body: s.body,
    tags,
    kind: s.kind,
    category: s.category,
    origin: options.origin,
    expiresAt,
    sourceRefs,
    provenance,
    consolidatedFrom: JSON.stringify(from),
    bytes: recordBytes({ title: s.title, body: s.body, tags, sourceRefs, provenance }),
    createdAt: options.now,
    updatedAt: options.now,
  });
  const outgoing = s.links.filter((l) => !c.sourceIds.includes(l));
  const unknown = outgoing.filter((l) => !rows.some((r) => r.id === l));
  if (unknown.length > 0)
    rollbackWith(problem("UNKNOWN_LINK", `links name unknown records: ${unknown.join(", ")}`));
  await insertLinks(db, projectId, id, outgoing);
  const redirected = await redirectLinks(db, projectId, c.sourceIds, id);
  for (const older of rows.filter((r) => r.supersededBy && c.sourceIds.includes(r.supersededBy)))
    await updateMemoryRow(db, projectId, older.id, { supersededBy: id });
  await deleteMemoryRows(db, projectId, c.sourceIds);
  return { id, redirected };
}

/** `auto` mode's sweep: removes expired, unpinned records nothing links to. Returns the removed ids. */
export async function sweepExpiredMemory(
  deps: MemoryDeps,
  projectId: string,
): Promise<MemoryResult<string[]>> {
  return memoryTransaction(deps.db, async (db) => {
    const policy = await readPolicy(db, projectId);
    if (policy.cleanupMode !== "auto") return [];
    const ids = await expiredUnlinkedIds(db, projectId, deps.clock.now());
    await deleteMemoryRows(db, projectId, ids);
    if (ids.length > 0) await bumpRevision(db, projectId);
    return ids;
  });
}
