// Full-text queries over memory records: FTS5 MATCH with field-weighted BM25, bounded term hit counts, and the
// newest records for an empty query. Building MATCH expressions and the final ranking belong to src/memory/search.ts.
// Raw SQL through the store's reader (no Drizzle), so `keel memory search` loads no ORM; every surface searches here.
import type { SqlReader, SqlValue } from "./db.ts";

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

/** `?, ?, …` for a list bound as parameters. */
const marks = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** The filter every candidate query shares (project, origins, statuses, kinds), with its parameters. */
function filterOf(q: Omit<CandidateQuery, "match" | "weights">, prefix: string) {
  const kinds = q.kinds && q.kinds.length > 0 ? q.kinds : [];
  const where =
    `${prefix}project_id = ? and ${prefix}origin in (${marks(q.origins)}) and ${prefix}status in (${marks(q.statuses)})` +
    (kinds.length > 0 ? ` and ${prefix}kind in (${marks(kinds)})` : "");
  return { where, params: [q.projectId, ...q.origins, ...q.statuses, ...kinds] as SqlValue[] };
}

const CANDIDATE_COLUMNS = `r.seq as seq, r.id as id, r.title as title, r.kind as kind, r.category as category,
           r.status as status, r.origin as origin, r.tags as tags, r.pinned as pinned,
           r.expires_at as expiresAt, r.superseded_by as supersededBy, r.session_id as sessionId,
           r.branch_id as branchId, r.created_at as createdAt, r.updated_at as updatedAt`;

/**
 * Best matches first, filtered to one project, origins, statuses and kinds. Cost grows with the number of FTS5
 * matches, so callers keep `match` selective (see termHits); `minSeq` limits the scan to newer rows.
 */
export async function searchCandidates(
  read: SqlReader,
  q: CandidateQuery,
  minSeq = 0,
): Promise<CandidateRow[]> {
  const scan = Math.max(200, q.limit * 5);
  const top = await rankedCandidates(read, q, minSeq, scan);
  if (top.length >= q.limit) return top;
  return rankedCandidates(read, q, minSeq, null);
}

/** One ranked pass; `scan` caps the FTS5 rows ranked before filtering (null = all of them). */
async function rankedCandidates(read: SqlReader, q: CandidateQuery, minSeq: number, scan: number | null) {
  const [wt, wg, wb] = q.weights;
  const filter = filterOf(q, "r.");
  const rows = await read.all<CandidateRow>(
    `
    with hits as materialized (
      select rowid as seq, bm25(memory_fts, ?, ?, ?) as score
      from memory_fts where memory_fts match ? and rowid > ? ${scan === null ? "" : "order by score limit ?"}
    )
    select ${CANDIDATE_COLUMNS},
           hits.score as bm25, r.body as body
    from hits cross join memory_records r on r.seq = hits.seq
    where ${filter.where}
    order by hits.score
    limit ?`,
    [wt, wg, wb, q.match, minSeq, ...(scan === null ? [] : [scan]), ...filter.params, q.limit],
  );
  return rows.map((r) => ({ ...r, bm25: Number(r.bm25), pinned: Number(r.pinned) }));
}

/**
 * Like searchCandidates but without bm25(), newest matches first: FTS5's bm25 first counts every record holding
 * each term, which is what makes common terms slow. The caller ranks these rows itself.
 */
export async function newestMatches(
  read: SqlReader,
  q: Omit<CandidateQuery, "weights">,
  minSeq: number,
  maxRows: number,
): Promise<CandidateRow[]> {
  const filter = filterOf(q, "r.");
  const rows = await read.all<CandidateRow>(
    `
    with hits as materialized (
      select rowid as seq from memory_fts where memory_fts match ? and rowid > ?
      order by rowid desc limit ?
    )
    select ${CANDIDATE_COLUMNS},
           0 as bm25, r.body as body
    from hits cross join memory_records r on r.seq = hits.seq
    where ${filter.where}`,
    [q.match, minSeq, maxRows, ...filter.params],
  );
  return rows.map((r) => ({ ...r, bm25: 0, pinned: Number(r.pinned) }));
}

/** Records (any project) matching an FTS5 expression, counted up to `cap` so common terms stay cheap. */
export async function termHits(read: SqlReader, match: string, cap: number): Promise<number> {
  const rows = await read.all<{ n: number }>(
    "select count(*) as n from (select 1 from memory_fts where memory_fts match ? limit ?)",
    [match, cap],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Upper bound on the number of indexed records (cheap: the largest row number). */
export async function indexSize(read: SqlReader): Promise<number> {
  const rows = await read.all<{ n: number }>("select coalesce(max(seq), 0) as n from memory_records");
  return Number(rows[0]?.n ?? 0);
}

/** The most recently updated records matching the filters (an empty query's answer). */
export async function recentCandidates(
  read: SqlReader,
  q: Omit<CandidateQuery, "match" | "weights">,
): Promise<CandidateRow[]> {
  const filter = filterOf(q, "");
  return read.all<CandidateRow>(
    `
    select seq, id, title, kind, category, status, origin, tags, pinned, expires_at as expiresAt,
           superseded_by as supersededBy, session_id as sessionId, branch_id as branchId,
           created_at as createdAt, updated_at as updatedAt, 0 as bm25, body
    from memory_records
    where ${filter.where}
    order by updated_at desc limit ?`,
    [...filter.params, q.limit],
  );
}
