// What every local SQLite connection shares: a busy wait instead of SQLITE_BUSY (set first, so switching to
// WAL waits too), WAL, foreign keys; the session handle Drizzle's migrator needs from a synchronous driver;
// and a retry around migrations, since two processes opening a fresh store race to create its tables.
import { migrateAsync, migrateSync } from "drizzle-orm/sqlite-core";
import type { DriverName, KeelDb, Store } from "../db.ts";
import { EMBEDDED_MIGRATIONS } from "../migrations.gen.ts";

export const FILE_PRAGMAS = [
  "busy_timeout = 5000",
  "journal_mode = WAL",
  "foreign_keys = ON",
  "synchronous = NORMAL",
];

type SyncSession = Parameters<typeof migrateSync>[1];
type AsyncDb = Parameters<typeof migrateAsync>[1];

/** Drizzle keeps `session` out of its public types; its migrator still takes it. */
export function syncSession(db: object): SyncSession {
  return (db as { session: SyncSession }).session;
}

const ATTEMPTS = 5;

/** The loser of a first-open race sees "already exists" or a lock; on retry the winner's work is visible. */
function isOpenRace(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /already exists|database is locked|SQLITE_BUSY/i.test(text);
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function migrateSyncStore(db: object): void {
  for (let attempt = 1; ; attempt++) {
    try {
      migrateSync(EMBEDDED_MIGRATIONS, syncSession(db));
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isOpenRace(error)) throw error;
      pause(20 * attempt);
    }
  }
}

export async function migrateAsyncStore(db: object): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateAsync(EMBEDDED_MIGRATIONS, db as AsyncDb);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isOpenRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** A synchronous SQLite client (bun:sqlite or node:sqlite) with keel's pragmas, migrated, as a Store. */
export function openSyncStore(
  driver: DriverName,
  path: string,
  client: { exec(sql: string): unknown; close(): void },
  wrap: (client: never) => object,
): Store {
  for (const pragma of FILE_PRAGMAS) client.exec(`PRAGMA ${pragma}`);
  const db = wrap(client as never);
  migrateSyncStore(db);
  return { db: db as KeelDb, driver, location: path, close: async () => client.close() };
}
