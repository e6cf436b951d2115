// One transaction helper for every driver. Drizzle's transaction() on the synchronous drivers (bun:sqlite,
// node:sqlite) commits before an async callback finishes, so there we issue BEGIN IMMEDIATE/COMMIT ourselves
// and queue callers per connection; on libSQL (async) Drizzle's own interactive transaction is used.
import { sql } from "drizzle-orm";
import type { KeelDb } from "./db.ts";
import { retryBusy } from "./store-errors.ts";

const queues = new WeakMap<object, Promise<unknown>>();

/** Runs `body` atomically: every statement commits together or none does. Throws what `body` throws. */
export async function withTransaction<T>(db: KeelDb, body: (tx: KeelDb) => Promise<T>): Promise<T> {
  if ((db as unknown as { resultKind?: string }).resultKind === "async") {
    return (await retryBusy(async () => db.transaction(async (tx) => body(tx as unknown as KeelDb)))) as T;
  }
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.then(
    () => runSync(db, body),
    () => runSync(db, body),
  );
  queues.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

async function runSync<T>(db: KeelDb, body: (tx: KeelDb) => Promise<T>): Promise<T> {
  // Nothing has run yet when BEGIN fails, so a busy store is retried here, within a bound.
  await retryBusy(async () => db.run(sql`begin immediate`));
  try {
    const result = await body(db);
    await db.run(sql`commit`);
    return result;
  } catch (error) {
    await rollbackAfter(db, error);
    throw error;
  }
}

/**
 * Rolls back after `cause`. SQLite may already have rolled back by itself (a full disk, an I/O error), and then
 * ROLLBACK fails too: the caller must see the error that caused it, not the rollback's, so `cause` is what
 * leaves here, carrying the rollback's failure as `rollbackError` for debugging.
 */
async function rollbackAfter(db: KeelDb, cause: unknown): Promise<void> {
  try {
    await db.run(sql`rollback`);
  } catch (failure) {
    if (cause instanceof Error) Object.assign(cause, { rollbackError: failure });
    throw cause;
  }
}
