// Full-text queries over memory records: FTS5 MATCH with field-weighted BM25, bounded term hit counts, and the
// newest records for an empty query. Building MATCH expressions and the final ranking belong to src/memory/search.ts.
import { sql } from "drizzle-orm";
import type { KeelDb } from "./db.ts";

export interface CandidateQuery {
  projectId: string;
  /** An FTS5 MATCH expression; callers quote every term. */
  match: string;
  origins: string[];
  statuses: string[];
  kinds?: string[];
  /** Rows to return after filtering. */
  limit: number;
  /** BM25 column weights: title, tags, body. */
  weights: [number, number, number];
}

export interface CandidateRow {
  seq: number;
  id: string;
  title: string;
  kind: string;
  category: string;
  status: string;
  origin: string;
  tags: string;
  pinned: number;
  expiresAt: number | null;
  supersededBy: string | null;
  sessionId: string | null;
  branchId: string | null;
  createdAt: number;
  updatedAt: number;
  /** FTS5 bm25(): lower is better, negative for matches. */
  bm25: number;
  body: string;
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Best matches first, filtered to one project, origins, statuses and kinds. Cost grows with the number of FTS5
 * matches, so callers keep `match` selective (see termHits); `minSeq` limits the scan to newer rows.
 */
export async function searchCandidates(db: KeelDb, q: CandidateQuery, minSeq = 0): Promise<CandidateRow[]> {
  const scan = Math.max(200, q.limit * 5);
  const top = await rankedCandidates(db, q, minSeq, scan);
  if (top.length >= q.limit) return top;
  return rankedCandidates(db, q, minSeq, null);
}

/** One ranked pass; `scan` caps the FTS5 rows ranked before filtering (null = all of them). */
async function rankedCandidates(db: KeelDb, q: CandidateQuery, minSeq: number, scan: number | null) {
  const [wt, wg, wb] = q.weights;
  const capped = scan === null ? sql`` : sql`order by score limit ${scan}`;
  const kinds = q.kinds && q.kinds.length > 0 ? sql`and r.kind in (${list(q.kinds)})` : sql``;
  const rows = await db.all(sql`
    with hits as materialized (
      select rowid as seq, bm25(memory_fts, ${wt}, ${wg}, ${wb}) as score
      from memory_fts where memory_fts match ${q.match} and rowid > ${minSeq} ${capped}
    )
    select r.seq as seq, r.id as id, r.title as title, r.kind as kind, r.category as category,
           r.status as status, r.origin as origin, r.tags as tags, r.pinned as pinned,
           r.expires_at as expiresAt, r.superseded_by as supersededBy, r.session_id as sessionId,
           r.branch_id as branchId, r.created_at as createdAt, r.updated_at as updatedAt,
           hits.score as bm25, r.body as body
    from hits cross join memory_records r on r.seq = hits.seq
    where r.project_id = ${q.projectId} and r.origin in (${list(q.origins)}) and r.status in (${list(q.statuses)})
      ${kinds}
    order by hits.score
    limit ${q.limit}`);
  return (rows as unknown as CandidateRow[]).map((r) => ({
    ...r,
    bm25: Number(r.bm25),
    pinned: Number(r.pinned),
  }));
}

/**
 * Like searchCandidates but without bm25(), newest matches first: FTS5's bm25 first counts every record holding
 * each term, which is what makes common terms slow. The caller ranks these rows itself.
 */
export async function newestMatches(
  db: KeelDb,
  q: Omit<CandidateQuery, "weights">,
  minSeq: number,
  maxRows: number,
): Promise<CandidateRow[]> {
  const kinds = q.kinds && q.kinds.length > 0 ? sql`and r.kind in (${list(q.kinds)})` : sql``;
  const rows = await db.all(sql`
    with hits as materialized (
      select rowid as seq from memory_fts where memory_fts match ${q.match} and rowid > ${minSeq}
      order by rowid desc limit ${maxRows}
    )
    select r.seq as seq, r.id as id, r.title as title, r.kind as kind, r.category as category,
           r.status as status, r.origin as origin, r.tags as tags, r.pinned as pinned,
           r.expires_at as expiresAt, r.superseded_by as supersededBy, r.session_id as sessionId,
           r.branch_id as branchId, r.created_at as createdAt, r.updated_at as updatedAt,
           0 as bm25, r.body as body
    from hits cross join memory_records r on r.seq = hits.seq
    where r.project_id = ${q.projectId} and r.origin in (${list(q.origins)}) and r.status in (${list(q.statuses)})
      ${kinds}`);
  return (rows as unknown as CandidateRow[]).map((r) => ({ ...r, bm25: 0, pinned: Number(r.pinned) }));
}

/** Records (any project) matching an FTS5 expression, counted up to `cap` so common terms stay cheap. */
export async function termHits(db: KeelDb, match: string, cap: number): Promise<number> {
  const rows = (await db.all(
    sql`select count(*) as n from (select 1 from memory_fts where memory_fts match ${match} limit ${cap})`,
  )) as Array<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}

/** Upper bound on the number of indexed records (cheap: the largest row number). */
export async function indexSize(db: KeelDb): Promise<number> {
  const rows = (await db.all(sql`select coalesce(max(seq), 0) as n from memory_records`)) as Array<{
    n: number;
  }>;
  return Number(rows[0]?.n ?? 0);
}

/** The most recently updated records matching the filters (an empty query's answer). */
export async function recentCandidates(
  db: KeelDb,
  q: Omit<CandidateQuery, "match" | "weights">,
): Promise<CandidateRow[]> {
  const kinds = q.kinds && q.kinds.length > 0 ? sql`and kind in (${list(q.kinds)})` : sql``;
  const rows = await db.all(sql`
    select seq, id, title, kind, category, status, origin, tags, pinned, expires_at as expiresAt,
           superseded_by as supersededBy, session_id as sessionId, branch_id as branchId,
           created_at as createdAt, updated_at as updatedAt, 0 as bm25, body
    from memory_records
    where project_id = ${q.projectId} and origin in (${list(q.origins)}) and status in (${list(q.statuses)})
      ${kinds}
    order by updated_at desc limit ${q.limit}`);
  return rows as unknown as CandidateRow[];
}
