// Retention rules and the cleanup plan, as pure functions over a project's records and links: what is protected
// (pinned records and their direct link targets), what is obsolete (expired or superseded), what needs a
// consolidation instead, and the signed confirmation token that binds an approval to one exact proposal.
import { nodeCrypto } from "../core/builtins.ts";
import type { RetentionRow } from "../store/memory-records.ts";
import { MEMORY_LIMITS, type MemoryCategory, type MemoryKind, type MemoryPolicy } from "./model.ts";

export interface Consolidation {
  sourceIds: string[];
  summary: {
    title: string;
    body: string;
    kind: MemoryKind;
    category: MemoryCategory;
    tags?: string[];
    links?: string[];
  };
}

/** What a cleanup will do, bound to the project revision it was planned against. */
export interface CleanupProposal {
  revision: number;
  removeIds: string[];
  consolidations: Consolidation[];
}

export interface ObsoleteEntry {
  id: string;
  title: string;
  bytes: number;
  reason: "expired" | "superseded";
  expiresAt: string | null;
  /** For superseded records: where links to it will point after removal. */
  redirectTo: string | null;
}

export interface CandidateEntry {
  id: string;
  title: string;
  kind: string;
  bytes: number;
  updatedAt: string;
  /** Why it is listed: an expired record other records still link to, or the oldest records when over quota. */
  reason: "expired-but-linked" | "oldest";
}

export interface CleanupPlan {
  revision: number;
  usedBytes: number;
  limitBytes: number;
  overLimit: boolean;
  requestedFreeBytes: number;
  obsolete: ObsoleteEntry[];
  obsoleteBytes: number;
  candidates: CandidateEntry[];
  moreCandidates: boolean;
  protectedCount: number;
  /** The default proposal: remove every obsolete record listed. */
  proposal: CleanupProposal;
  /** Confirmation token for the default proposal (ask mode needs it). */
  token: string;
}

export interface Link {
  fromId: string;
  toId: string;
}

/** Pinned records and every record a pinned record links to directly. */
export function protectedIds(rows: RetentionRow[], links: Link[]): Set<string> {
  const pinned = new Set(rows.filter((r) => r.pinned).map((r) => r.id));
  const out = new Set(pinned);
  for (const link of links) if (pinned.has(link.fromId)) out.add(link.toId);
  return out;
}

/** Follows superseded_by to the current record, skipping ids in `gone`. */
export function chainHead(id: string, byId: Map<string, RetentionRow>, gone: Set<string>): string | null {
  let current = byId.get(id)?.supersededBy ?? null;
  for (let hops = 0; current && hops < 100; hops++) {
    const row = byId.get(current);
    if (!row) return null;
    if (!gone.has(current) && row.status === "active") return current;
    current = row.supersededBy;
  }
  return null;
}

/** Records cleanup may remove now, with the reason. */
export function obsoleteRecords(rows: RetentionRow[], links: Link[], now: number): ObsoleteEntry[] {
  const guarded = protectedIds(rows, links);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const superseded = rows.filter((r) => r.status === "superseded" && !guarded.has(r.id));
  const supersededIds = new Set(superseded.map((r) => r.id));
  const inbound = new Map<string, string[]>();
  for (const l of links) inbound.set(l.toId, [...(inbound.get(l.toId) ?? []), l.fromId]);
  const expired = rows.filter(
    (r) =>
      r.status === "active" &&
      !guarded.has(r.id) &&
      r.expiresAt !== null &&
      r.expiresAt <= now &&
      (inbound.get(r.id) ?? []).every((from) => supersededIds.has(from)),
  );
  const out: ObsoleteEntry[] = [];
  for (const r of superseded) {
    out.push(entry(r, "superseded", chainHead(r.id, byId, supersededIds)));
  }
  for (const r of expired) out.push(entry(r, "expired", null));
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

function entry(r: RetentionRow, reason: ObsoleteEntry["reason"], redirectTo: string | null): ObsoleteEntry {
  const expiresAt = r.expiresAt === null ? null : new Date(r.expiresAt).toISOString();
  return { id: r.id, title: r.title, bytes: r.bytes, reason, expiresAt, redirectTo };
}

export interface PlanInput {
  rows: RetentionRow[];
  links: Link[];
  policy: MemoryPolicy & { revision: number; tokenKey: string };
  projectId: string;
  now: number;
  requestedFreeBytes: number;
}

export function planCleanup(input: PlanInput): CleanupPlan {
  const { rows, links, policy, now } = input;
  const usedBytes = rows.reduce((sum, r) => sum + r.bytes, 0);
  const allObsolete = obsoleteRecords(rows, links, now);
  const obsolete = allObsolete.slice(0, MEMORY_LIMITS.cleanupObsolete);
  const obsoleteBytes = obsolete.reduce((sum, r) => sum + r.bytes, 0);
  const guarded = protectedIds(rows, links);
  const gone = new Set(allObsolete.map((o) => o.id));
  const needed = Math.max(input.requestedFreeBytes, usedBytes - policy.maxBytes) - obsoleteBytes;
  const linkedExpired = rows.filter(
    (r) =>
      r.status === "active" &&
      !guarded.has(r.id) &&
      !gone.has(r.id) &&
      r.expiresAt !== null &&
      r.expiresAt <= now,
  );
  const oldest =
    needed > 0
      ? rows
          .filter((r) => r.status === "active" && !guarded.has(r.id) && !gone.has(r.id))
          .sort((a, b) => a.updatedAt - b.updatedAt || a.id.localeCompare(b.id))
      : [];
  const pool = [
    ...linkedExpired.map((r) => candidate(r, "expired-but-linked")),
    ...oldest.filter((r) => !linkedExpired.includes(r)).map((r) => candidate(r, "oldest")),
  ];
  const proposal: CleanupProposal = {
    revision: policy.revision,
    removeIds: obsolete.map((o) => o.id),
    consolidations: [],
  };
  return {
    revision: policy.revision,
    usedBytes,
    limitBytes: policy.maxBytes,
    overLimit: usedBytes > policy.maxBytes,
    requestedFreeBytes: input.requestedFreeBytes,
    obsolete,
    obsoleteBytes,
    candidates: pool.slice(0, MEMORY_LIMITS.cleanupCandidates),
    moreCandidates: pool.length > MEMORY_LIMITS.cleanupCandidates || allObsolete.length > obsolete.length,
    protectedCount: rows.filter((r) => guarded.has(r.id)).length,
    proposal,
    token: proposalToken(policy.tokenKey, input.projectId, proposal),
  };
}

function candidate(r: RetentionRow, reason: CandidateEntry["reason"]): CandidateEntry {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    bytes: r.bytes,
    updatedAt: new Date(r.updatedAt).toISOString(),
    reason,
  };
}

/** A canonical form of a proposal: sorted ids, fixed key order. */
export function canonicalProposal(proposal: CleanupProposal): string {
  return JSON.stringify({
    revision: proposal.revision,
    removeIds: [...proposal.removeIds].sort(),
    consolidations: proposal.consolidations.map((c) => ({
      sourceIds: [...c.sourceIds].sort(),
      summary: {
        title: c.summary.title,
        body: c.summary.body,
        kind: c.summary.kind,
        category: c.summary.category,
        tags: c.summary.tags ?? [],
        links: c.summary.links ?? [],
      },
    })),
  });
}

/** HMAC of the proposal under the project's store-held key: only keel can mint it, and only for this proposal. */
export function proposalToken(key: string, projectId: string, proposal: CleanupProposal): string {
  return nodeCrypto()
    .createHmac("sha256", key)
    .update(`${projectId}\n${canonicalProposal(proposal)}`)
    .digest("hex")
    .slice(0, 24);
}
