// Store reads of memory_vectors: which records of a project still lack a vector for a model, paging them out for the in-memory index, its change marker, counts for status, and fetching the
// candidate records a vector search found, as raw SQL through the store's reader (a search loads no ORM); writing
// them is memory-vector-writes.ts's. Ranking belongs to src/memory/meaning/.
import type { SqlReader } from "./db.ts";
import type { CandidateRow } from "./memory-search.ts";

export interface RecordText {
  seq: number;
  title: string;
  body: string;
  tags: string;
  aliases: string;
}

/** Records of a project without a vector for `model`, newest first. */
export async function recordsWithoutVector(
  read: SqlReader,
  projectId: string,
  model: string,
  limit: number,
): Promise<RecordText[]> {
  const rows = await read.all<RecordText>(
    `select r.seq as seq, r.title as title, r.body as body, r.tags as tags, r.aliases as aliases
     from memory_records r
     where r.project_id = ?
       and not exists (select 1 from memory_vectors v where v.record_seq = r.seq and v.model = ?)
     order by r.seq desc limit ?`,
    [projectId, model, limit],
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/** The newest record's seq in the whole store (the primary key's end: no scan); 0 when there is none. */
export async function newestRecordSeq(read: SqlReader): Promise<number> {
  const rows = await read.all<{ seq: number }>("select coalesce(max(seq), 0) as seq from memory_records");
  return Number(rows[0]?.seq ?? 0);
}

/** Changes when vectors are added or removed: their count and the largest id. */
export async function vectorMarker(
  read: SqlReader,
  projectId: string,
  model: string,
): Promise<{ count: number; maxId: number }> {
  const rows = await read.all<{ count: number; maxId: number }>(
    `select count(*) as count, coalesce(max(id), 0) as maxId from memory_vectors
     where project_id = ? and model = ?`,
    [projectId, model],
  );
  return { count: Number(rows[0]?.count ?? 0), maxId: Number(rows[0]?.maxId ?? 0) };
}

/** Up to `limit` vectors with an id above `afterId`, in id order. */
export async function vectorPage(
  read: SqlReader,
  projectId: string,
  model: string,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; recordSeq: number; vector: unknown }>> {
  const rows = await read.all<{ id: number; recordSeq: number; vector: unknown }>(
    `select id, record_seq as recordSeq, vector from memory_vectors
     where project_id = ? and model = ? and id > ? order by id limit ?`,
    [projectId, model, afterId, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), recordSeq: Number(r.recordSeq), vector: r.vector }));
}

/** How many of a project's records have a vector for `model`, and the bytes those vectors take. */
export async function vectorStats(
  read: SqlReader,
  projectId: string,
  model: string,
): Promise<{ embedded: number; bytes: number; total: number }> {
  const rows = await read.all<Record<string, number>>(
    `select (select count(*) from memory_vectors where project_id = ? and model = ?) as embedded,
            (select coalesce(sum(length(vector)), 0) from memory_vectors where project_id = ? and model = ?) as bytes,
            (select count(*) from memory_records where project_id = ?) as total`,
    [projectId, model, projectId, model, projectId],
  );
  const row = rows[0] ?? {};
  return {
    embedded: Number(row.embedded ?? 0),
    bytes: Number(row.bytes ?? 0),
    total: Number(row.total ?? 0),
  };
}

export interface SeqFilter {
  projectId: string;
  origins: string[];
  statuses: string[];
  kinds?: string[];
}

const marks = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** The records behind vector hits that pass the search filters (order is the caller's). */
export async function rowsBySeq(read: SqlReader, f: SeqFilter, seqs: number[]): Promise<CandidateRow[]> {
  if (seqs.length === 0) return [];
  const kinds = f.kinds && f.kinds.length > 0 ? f.kinds : [];
  // The unary + keeps SQLite on the primary key (a few rows) instead of a project/status index (every record).
  const rows = await read.all<CandidateRow>(
    `select seq, id, title, kind, category, status, origin, tags, pinned, expires_at as expiresAt,
            superseded_by as supersededBy, session_id as sessionId, branch_id as branchId,
            created_at as createdAt, updated_at as updatedAt, 0 as bm25, body
     from memory_records
     where seq in (${marks(seqs)}) and +project_id = ? and +origin in (${marks(f.origins)})
       and +status in (${marks(f.statuses)}) ${kinds.length > 0 ? `and +kind in (${marks(kinds)})` : ""}`,
    [...seqs, f.projectId, ...f.origins, ...f.statuses, ...kinds],
  );
  return rows.map((r) => ({
    ...r,
    seq: Number(r.seq),
    pinned: Number(r.pinned),
  }));
}
