// What every local SQLite connection shares: a busy wait instead of SQLITE_BUSY (set first, so switching to
// WAL waits too), WAL, foreign keys; the session handle Drizzle's migrator needs from a synchronous driver;
// a retry around migrations, since two processes opening a fresh store race to create its tables; and no
// migrator at all when the store already records every embedded migration.
import { migrateAsync, migrateSync } from "drizzle-orm/sqlite-core";
import type { DriverName, KeelDb, Store } from "../db.ts";
import { refuseForeignDatabase, requireCurrentSchema } from "../guard-open.ts";
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

/** What openSyncStore needs from bun:sqlite or node:sqlite. */
export interface SyncClient {
  exec(sql: string): unknown;
  close(): void;
  /** Rows of a read-only query. */
  all(sql: string): Array<Record<string, unknown>>;
}

export const TABLES_SQL = "select name from sqlite_master where type = 'table'";
export const APPLIED_SQL = "select count(*) as n from __drizzle_migrations";

const MIGRATION_NAMES_SQL = "select name from __drizzle_migrations";

/**
 * The cheap version check: every embedded migration is recorded by name (as Drizzle's migrator matches them), so
 * opening a current store runs no migrator. A table without names (an older Drizzle's) is left to the migrator.
 */
function hasEveryMigration(client: SyncClient): boolean {
  const columns = client.all("select name from pragma_table_info('__drizzle_migrations')");
  if (!columns.some((row) => row.name === "name")) return false;
  const applied = new Set(client.all(MIGRATION_NAMES_SQL).map((row) => String(row.name)));
  return EMBEDDED_MIGRATIONS.every((migration) => applied.has(migration.name));
}

/**
 * A synchronous SQLite client with keel's pragmas, migrated, as a Store. A foreign database is refused before
 * anything is written; a read-only one gets no pragmas or migrations, only a check that its schema is current.
 */
export function openSyncStore(
  driver: DriverName,
  path: string,
  client: SyncClient,
  wrap: (client: never) => object,
  readOnly = false,
): Store {
  let current = false;
  try {
    client.exec(`PRAGMA ${FILE_PRAGMAS[0]}`);
    const tables = client.all(TABLES_SQL).map((row) => String(row.name));
    refuseForeignDatabase(tables, path);
    if (readOnly) requireCurrentSchema(Number(client.all(APPLIED_SQL)[0]?.n ?? 0), path);
    else for (const pragma of FILE_PRAGMAS) client.exec(`PRAGMA ${pragma}`);
    current = !readOnly && tables.includes("__drizzle_migrations") && hasEveryMigration(client);
  } catch (error) {
    client.close();
    throw error;
  }
  const db = wrap(client as never);
  if (!readOnly && !current) migrateSyncStore(db);
  return { db: db as KeelDb, driver, location: path, readOnly, close: async () => client.close() };
}
