// What every local SQLite connection shares: a busy wait instead of SQLITE_BUSY (set first, so switching to
// WAL waits too), WAL, foreign keys; the session handle Drizzle's migrator needs from a synchronous driver;
// a retry around migrations, since two processes opening a fresh store race to create its tables; and the open
// sequence itself: recognise, refuse a foreign file, refuse writes to a damaged or newer store, migrate (no migrator
// when the store already records every embedded migration), stamp. Drizzle is loaded only when a caller wants it
// or a migration must run: a current store opened with `{ orm: false }` answers raw reads without it.
import type { migrateAsync, migrateSync } from "drizzle-orm/sqlite-core";
import type { DriverName, KeelDb, SqlReader, Store, WriteRefusal } from "../db.ts";
import { newerRefusal, readFactsAtOnce, refuseForeign, requireCurrentSchema } from "../guard-open.ts";
import { damagedRefusal, isMarkedDamaged, markDamaged, QUICK_CHECK_SQL, runCheckSync } from "../integrity.ts";
import { EMBEDDED_MIGRATIONS } from "../migrations.gen.ts";
import {
  type DatabaseFacts,
  KEEL_APPLICATION_ID,
  KEEL_SCHEMA,
  recogniseStore,
  type StoreVerdict,
} from "../recognise.ts";

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

export async function migrateSyncStore(db: object): Promise<void> {
  const { migrateSync } = await import("drizzle-orm/sqlite-core");
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
  const { migrateAsync } = await import("drizzle-orm/sqlite-core");
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
  /** Rows of a read-only query, its `?` placeholders bound to `params`. */
  all(sql: string, params?: readonly unknown[]): Array<Record<string, unknown>>;
}

/** A synchronous client's reads as the Store's raw reader. */
export function readerOf(client: SyncClient): SqlReader {
  return {
    all: async <T>(sql: string, params: readonly unknown[] = []) => client.all(sql, params) as T[],
    version: async () => versionOf(client.all(VERSION_SQL)),
  };
}

/** What SqlReader.version reads: SQLite's count of other connections' commits and this one's changed rows. */
export const VERSION_SQL = "select (select data_version from pragma_data_version) as d, total_changes() as t";

export const versionOf = (rows: ReadonlyArray<Record<string, unknown>>): string =>
  `${String(rows[0]?.d)}:${String(rows[0]?.t)}`;

/** Whether the open loads Drizzle: by default yes; `{ orm: false }` leaves it out unless a migration runs. */
export interface OrmChoice {
  orm?: boolean;
}

/** Store.db and Store.orm for a store that may have been opened without Drizzle (`wrap` loads it later). */
export function ormAccess(
  opened: object | undefined,
  location: string,
  wrap: () => Promise<object>,
): { db: () => KeelDb; orm: () => Promise<KeelDb> } {
  let db = opened;
  return {
    db: () => {
      if (!db)
        throw new Error(`keel bug: the store ${location} was opened for raw reads only ({ orm: false })`);
      return db as KeelDb;
    },
    orm: async () => {
      db ??= await wrap();
      return db as KeelDb;
    },
  };
}

/** How a file store is opened: read-only by file permissions, and whether it was left with a write-ahead log. */
export interface OpenMode {
  readOnly: boolean;
  leftWithLog: boolean;
}

/** Why writes to this store must be refused (a newer keel wrote it, or it is damaged), or undefined. */
export function writeRefusal(
  verdict: StoreVerdict,
  path: string,
  leftWithLog: boolean,
  quickCheck: () => string[],
): WriteRefusal | undefined {
  if (verdict.kind === "newer") return newerRefusal(verdict, path);
  if (verdict.kind === "empty" || path === ":memory:") return undefined;
  if (isMarkedDamaged(path)) return damagedRefusal(path, []);
  if (!leftWithLog) return undefined;
  const problems = quickCheck();
  if (problems.length === 0) return undefined;
  markDamaged(path, problems);
  return damagedRefusal(path, problems);
}

/** Stamps keel's application id and schema number, when they are not there yet (a store from before the stamp). */
export function stampSql(verdict: StoreVerdict, userVersion: number): string[] {
  const out: string[] = [];
  if (verdict.kind === "empty" || (verdict.kind === "keel" && !verdict.stamped))
    out.push(`PRAGMA application_id = ${KEEL_APPLICATION_ID}`);
  if (userVersion !== KEEL_SCHEMA) out.push(`PRAGMA user_version = ${KEEL_SCHEMA}`);
  return out;
}

/**
 * The cheap version check: every embedded migration is recorded by name (as Drizzle's migrator matches them), so
 * opening a current store runs no migrator. Read from the facts the open already gathered (no further query); a
 * table without names (an older Drizzle's) is left to the migrator.
 */
function hasEveryMigration(facts: DatabaseFacts): boolean {
  const applied = new Set(facts.migrationNames ?? []);
  return EMBEDDED_MIGRATIONS.every((migration) => applied.has(migration.name));
}

/**
 * A synchronous SQLite client with keel's pragmas, migrated and stamped, as a Store. A foreign database is refused
 * before anything is written; a read-only, damaged or newer one gets no pragmas, migrations or stamp. `wrap` builds
 * Drizzle over the client (it loads Drizzle); it runs when `orm` is not false or a migration must run.
 */
export async function openSyncStore(
  driver: DriverName,
  path: string,
  client: SyncClient,
  wrap: () => Promise<object>,
  mode: OpenMode & OrmChoice = { readOnly: false, leftWithLog: false },
): Promise<Store> {
  let refusal: WriteRefusal | undefined;
  let verdict: StoreVerdict;
  let facts: DatabaseFacts;
  try {
    client.exec(`PRAGMA ${FILE_PRAGMAS[0]}`);
    facts = readFactsAtOnce(client);
    verdict = recogniseStore(facts);
    refuseForeign(verdict, path);
    refusal = writeRefusal(verdict, path, mode.leftWithLog, () =>
      runCheckSync((q) => client.all(q), QUICK_CHECK_SQL),
    );
    if (mode.readOnly) {
      if (verdict.kind !== "newer") requireCurrentSchema(facts.migrationHashes.length, path);
    } else if (refusal) {
      client.exec("PRAGMA query_only = ON");
    } else for (const pragma of FILE_PRAGMAS) client.exec(`PRAGMA ${pragma}`);
  } catch (error) {
    client.close();
    throw error;
  }
  const writable = !mode.readOnly && !refusal;
  const migrate = writable && !(verdict.kind === "keel" && hasEveryMigration(facts));
  const db = mode.orm !== false || migrate ? await wrap() : undefined;
  if (writable) {
    if (migrate) await migrateSyncStore(db!);
    for (const stamp of stampSql(verdict, facts.userVersion)) client.exec(stamp);
  }
  const access = ormAccess(db, path, wrap);
  return {
    get db() {
      return access.db();
    },
    orm: access.orm,
    read: readerOf(client),
    driver,
    location: path,
    readOnly: !writable,
    ...(refusal ? { refusal } : {}),
    close: async () => client.close(),
  };
}
