// Keeps a project's record vectors current for the loaded model: embeds records that have none in bounded
// batches (a time budget per call, so a large store fills in over several searches), and keeps one in-memory
// index per store, project and model in step with the vectors table. Both remember what they saw, so a search
// on an unchanged store costs two index look-ups here, not a scan of the records or the vectors.
import { sha256Hex } from "../../core/hash.ts";
import type { KeelDb, SqlReader } from "../../store/db.ts";
import {
  newestRecordSeq,
  recordsWithoutVector,
  vectorMarker,
  vectorPage,
} from "../../store/memory-vectors.ts";
import type { MemoryDeps } from "../policy.ts";
import type { Embedder } from "./embedder.ts";
import { addToIndex, createIndex, type VectorIndex } from "./vector-index.ts";
import { blobBytes, packVector } from "./vectors.ts";

/** Records embedded per transaction. */
export const EMBED_WRITE_BATCH = 32;
/** Longest a search spends embedding records that have no vector yet. */
export const BACKFILL_BUDGET_MS = 2_000;
const PAGE = 5_000;

/** The text a record is embedded from: title, tags, aliases, then the body (the embedder caps its length). */
export function recordText(r: { title: string; body: string; tags: string; aliases: string }): string {
  const aliases = parseAliases(r.aliases);
  const tags = r.tags.replaceAll("-", " ");
  return [r.title, tags, aliases.join("; "), r.body].filter((part) => part.trim() !== "").join(". ");
}

function parseAliases(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((a): a is string => typeof a === "string") : [];
  } catch {
    return []; // an unreadable aliases column embeds the record without them
  }
}

/** Per store: "project and model" → the newest record seq when every record of it had a vector. */
const complete = new WeakMap<SqlReader, Map<string, number>>();

/** Embeds records without a vector, newest first, until none is left or the budget is spent. */
export async function embedMissing(
  deps: MemoryDeps,
  projectId: string,
  embedder: Embedder,
  budgetMs = BACKFILL_BUDGET_MS,
): Promise<{ embedded: number; pending: boolean }> {
  const started = performance.now();
  const done = complete.get(deps.read) ?? new Map<string, number>();
  complete.set(deps.read, done);
  const key = `${projectId}\u0000${embedder.model}`;
  const newest = await newestRecordSeq(deps.read);
  if (done.get(key) === newest) return { embedded: 0, pending: false };
  let embedded = 0;
  for (;;) {
    const rows = await recordsWithoutVector(deps.read, projectId, embedder.model, EMBED_WRITE_BATCH);
    if (rows.length === 0) {
      done.set(key, newest);
      return { embedded, pending: false };
    }
    const texts = rows.map(recordText);
    const vectors = await embedder.embed(texts);
    const now = deps.clock.now();
    const [db, { putVectors }, { withTransaction }] = await Promise.all([
      writerOf(deps),
      import("../../store/memory-vector-writes.ts"),
      import("../../store/transaction.ts"),
    ]);
    await withTransaction(db, (tx) =>
      putVectors(
        tx,
        projectId,
        embedder.model,
        rows.map((r, i) => ({
          recordSeq: r.seq,
          textHash: sha256Hex(texts[i]!),
          vector: packVector(vectors[i]!),
        })),
        now,
      ),
    );
    embedded += rows.length;
    if (rows.length < EMBED_WRITE_BATCH) return { embedded, pending: false };
    if (performance.now() - started >= budgetMs) return { embedded, pending: true };
  }
}

/** Drizzle for writing vectors, loaded now when the store was opened for raw reads (a CLI search). */
function writerOf(deps: MemoryDeps): Promise<KeelDb> {
  return deps.orm ? deps.orm() : Promise.resolve(deps.db);
}

interface Cached {
  index: VectorIndex;
  count: number;
  maxId: number;
  /** The store's version (SqlReader.version) before the index was last brought up to date; null when unknown. */
  version: string | null;
}
const caches = new WeakMap<SqlReader, Map<string, Cached>>();

/**
 * The project's index for `model`, read again only as far as the vectors table changed since last time; when the
 * store says nothing was written since (SqlReader.version), not even the vectors are counted.
 */
export async function projectIndex(
  db: SqlReader,
  projectId: string,
  model: string,
  dims: number,
): Promise<VectorIndex> {
  const byKey = caches.get(db) ?? new Map<string, Cached>();
  caches.set(db, byKey);
  const key = `${projectId}\u0000${model}`;
  let cached = byKey.get(key);
  const version = db.version ? await db.version() : null;
  if (cached && version !== null && cached.version === version) return cached.index; // nothing was written
  const marker = await vectorMarker(db, projectId, model); // counts every vector: 50 ms at 100k records
  if (cached && cached.count === marker.count && cached.maxId === marker.maxId) {
    cached.version = version;
    return cached.index;
  }
  const appendOnly = cached !== undefined && marker.maxId > cached.maxId && marker.count >= cached.count;
  if (!cached || !appendOnly) cached = { index: createIndex(dims), count: 0, maxId: 0, version: null };
  cached.version = version;
  for (;;) {
    const page = await vectorPage(db, projectId, model, cached.maxId, PAGE);
    for (const row of page) {
      const bytes = blobBytes(row.vector);
      if (bytes) addToIndex(cached.index, row.recordSeq, bytes);
      cached.maxId = row.id;
    }
    if (page.length < PAGE) break;
  }
  cached.count = cached.index.size;
  if (cached.count !== marker.count) {
    byKey.delete(key); // rows went away while reading, or a record was embedded twice: rebuild next time
    return cached.index;
  }
  byKey.set(key, cached);
  return cached.index;
}
