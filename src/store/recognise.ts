// Whether a SQLite database is keel's store, told positively before anything is written: keel stamps
// `PRAGMA application_id` (and its schema number in `user_version`) on every store it writes; a store from
// before the stamp is recognised by keel's own migration history. Anything else that holds tables is foreign.
// Pure: the caller reads the facts (one query each, all reads) and acts on the verdict.
import { EMBEDDED_MIGRATIONS } from "./migrations.gen.ts";

/** "keel" in ASCII, as SQLite's 32-bit application id. */
export const KEEL_APPLICATION_ID = 0x6b65656c;

/** The schema number this build writes: one per embedded migration. */
export const KEEL_SCHEMA = EMBEDDED_MIGRATIONS.length;

/** What an open connection reports about its database, read before any write. */
export interface DatabaseFacts {
  applicationId: number;
  userVersion: number;
  /** Table names outside SQLite's own. */
  tables: string[];
  /** Hashes in `__drizzle_migrations`, in applied order; empty when there is no such table. */
  migrationHashes: string[];
  /** The name of the last applied migration, when the table has names. */
  lastMigration?: string;
  /** Every applied migration's name, when the table has names (an older Drizzle's has none). */
  migrationNames?: string[];
}

export type StoreVerdict =
  | { kind: "empty" }
  | { kind: "keel"; stamped: boolean }
  | { kind: "newer"; schema: number; lastMigration: string | undefined }
  | { kind: "foreign"; why: string };

export const FACT_SQL = {
  applicationId: "pragma application_id",
  userVersion: "pragma user_version",
  tables: "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'",
  migrations: "select * from __drizzle_migrations order by id",
} as const;

const KNOWN = new Map(EMBEDDED_MIGRATIONS.map((m, i) => [m.hash, i]));

/** True when the applied hashes start with keel's first migration and follow keel's order as far as they are known. */
function isKeelHistory(hashes: readonly string[]): boolean {
  if (hashes.length === 0 || hashes[0] !== EMBEDDED_MIGRATIONS[0]?.hash) return false;
  let expected = 0;
  for (const hash of hashes) {
    const at = KNOWN.get(hash);
    if (at === undefined) continue; // a newer keel's migration: judged by its count below
    if (at !== expected) return false;
    expected++;
  }
  return true;
}

/** The verdict on a database from its facts. */
export function recogniseStore(facts: DatabaseFacts): StoreVerdict {
  const { applicationId, userVersion, tables, migrationHashes, lastMigration } = facts;
  if (applicationId !== 0 && applicationId !== KEEL_APPLICATION_ID)
    return { kind: "foreign", why: `its application id is ${applicationId}, not keel's` };
  const stamped = applicationId === KEEL_APPLICATION_ID;
  // Another keel process creating this store right now: Drizzle's migrator makes its bookkeeping table before the
  // transaction that creates everything else, so for a moment that empty table is all there is.
  const beingCreated =
    tables.length === 1 && tables[0] === "__drizzle_migrations" && migrationHashes.length === 0;
  if (!stamped && (tables.length === 0 || beingCreated)) {
    if (userVersion === 0) return { kind: "empty" };
    return { kind: "foreign", why: `no keel stamp and another application's user_version ${userVersion}` };
  }
  if (!stamped) {
    if (!tables.includes("projects") || !isKeelHistory(migrationHashes))
      return { kind: "foreign", why: describeTables(tables) };
  }
  const unknown = migrationHashes.filter((hash) => !KNOWN.has(hash));
  const schema = Math.max(userVersion, migrationHashes.length);
  if (unknown.length > 0 || schema > KEEL_SCHEMA) return { kind: "newer", schema, lastMigration };
  return { kind: "keel", stamped };
}

function describeTables(tables: readonly string[]): string {
  const n = tables.length;
  return `${n} table${n === 1 ? "" : "s"}, without keel's stamp or migration history`;
}
