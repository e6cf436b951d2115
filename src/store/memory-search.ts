// Full-text queries over memory records: FTS5 MATCH with weighted BM25 and snippets, and term document counts
// from the fts5vocab table. Building the MATCH expression and the final ranking belong to src/memory/search.ts.
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
  excerpt: string;
  body: string;
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Best matches first. The FTS5 scan is capped at `scan` rows (ranked inside FTS5); when filtering leaves too few,
 * the caller may retry with a larger cap.
 */
export async function searchCandidates(
  db: KeelDb,
  q: CandidateQuery,
  scan: number | null,
): Promise<CandidateRow[]> {
  const [wt, wg, wb] = q.weights;
  const capped = scan === null ? sql`` : sql`limit ${scan}`;
  const kinds = q.kinds && q.kinds.length > 0 ? sql`and r.kind in (${list(q.kinds)})` : sql``;
  const rows = await db.all(sql`
    with hits as (
      select rowid as seq, bm25(memory_fts, ${wt}, ${wg}, ${wb}) as score,
             snippet(memory_fts, -1, '«', '»', '…', 24) as excerpt
      from memory_fts where memory_fts match ${q.match}
      order by score ${capped}
    )
    select r.seq as seq, r.id as id, r.title as title, r.kind as kind, r.category as category,
           r.status as status, r.origin as origin, r.tags as tags, r.pinned as pinned,
           r.expires_at as expiresAt, r.superseded_by as supersededBy, r.session_id as sessionId,
           r.branch_id as branchId, r.created_at as createdAt, r.updated_at as updatedAt,
           hits.score as bm25, hits.excerpt as excerpt, r.body as body
    from hits join memory_records r on r.seq = hits.seq
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

/** Documents containing each stemmed term, across the whole index (an estimate for IDF weights). */
export async function termDocCounts(db: KeelDb, terms: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(terms.map((t) => [t, 0]));
  if (terms.length === 0) return out;
  const rows = (await db.all(
    sql`select term, doc from memory_fts_terms where term in (${list(terms)})`,
  )) as Array<{ term: string; doc: number }>;
  for (const row of rows) out.set(row.term, Number(row.doc));
  return out;
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
           created_at as createdAt, updated_at as updatedAt, 0 as bm25, '' as excerpt, body
    from memory_records
    where project_id = ${q.projectId} and origin in (${list(q.origins)}) and status in (${list(q.statuses)})
      ${kinds}
    order by updated_at desc limit ${q.limit}`);
  return rows as unknown as CandidateRow[];
}
