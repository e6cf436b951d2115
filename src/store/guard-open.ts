// Checks made when a store is opened, before anything is written: a non-empty database that is not keel's is
// refused (keel would switch it to WAL and add its tables); a store written by a newer keel or found damaged
// is opened for reading only, with the sentence that refuses its writes; a store keel may not write to is
// opened read-only, provided its schema is already current.
import { accessSync, constants, existsSync } from "node:fs";
import { dirname } from "node:path";
import { UserError } from "../core/errors.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import type { WriteRefusal } from "./db.ts";
import { EMBEDDED_MIGRATIONS } from "./migrations.gen.ts";
import { type DatabaseFacts, FACT_SQL, KEEL_SCHEMA, type StoreVerdict } from "./recognise.ts";

type Rows = Array<Record<string, unknown>>;

/** The facts recogniseStore needs, read through a synchronous client's query function. */
export function readFacts(all: (sql: string) => Rows): DatabaseFacts {
  const first = (rows: Rows) => Number(Object.values(rows[0] ?? {})[0] ?? 0);
  const tables = all(FACT_SQL.tables).map((row) => String(row.name));
  const applied = tables.includes("__drizzle_migrations") ? all(FACT_SQL.migrations) : [];
  const last = applied.at(-1)?.name;
  return {
    applicationId: first(all(FACT_SQL.applicationId)),
    userVersion: first(all(FACT_SQL.userVersion)),
    tables,
    migrationHashes: applied.map((row) => String(row.hash)),
    ...(typeof last === "string" ? { lastMigration: last } : {}),
    ...(applied.length > 0 && "name" in applied[0]!
      ? { migrationNames: applied.map((row) => String(row.name)) }
      : {}),
  };
}

/**
 * The facts as one snapshot: inside a read transaction, so another process creating the store between two of the
 * queries (its migrations committing after the table list was read) cannot make a half-made keel store look foreign.
 */
export function readFactsAtOnce(client: {
  all(sql: string): Rows;
  exec(sql: string): unknown;
}): DatabaseFacts {
  client.exec("begin");
  try {
    return readFacts((query) => client.all(query));
  } finally {
    client.exec("commit");
  }
}

/** The same facts through an asynchronous client: the queries run first, then readFacts reads their answers. */
export async function readFactsAsync(all: (sql: string) => Promise<Rows>): Promise<DatabaseFacts> {
  const answers = new Map<string, Rows>();
  const tables = await all(FACT_SQL.tables);
  answers.set(FACT_SQL.tables, tables);
  const queries: string[] = [FACT_SQL.applicationId, FACT_SQL.userVersion];
  if (tables.some((row) => row.name === "__drizzle_migrations")) queries.push(FACT_SQL.migrations);
  for (const query of queries) answers.set(query, await all(query));
  return readFacts((query) => answers.get(query) ?? []);
}

/** Throws, before any write, when the verdict says the database is another application's. */
export function refuseForeign(verdict: StoreVerdict, location: string): void {
  if (verdict.kind !== "foreign") return;
  throw new UserError(
    `${shortForTerminal(location, 160)} is another application's SQLite database (${verdict.why}); keel left it untouched`,
    2,
    "set KEEL_DB to keel's own store or to a new file",
  );
}

/** The sentence that refuses writes to a store a newer keel wrote. */
export function newerRefusal(verdict: StoreVerdict & { kind: "newer" }, location: string): WriteRefusal {
  const by = verdict.lastMigration ? `, last migration ${shortForTerminal(verdict.lastMigration, 80)}` : "";
  return {
    kind: "newer",
    message:
      `the store ${shortForTerminal(location, 160)} was written by a newer keel (schema ${verdict.schema}${by}; ` +
      `this keel knows schema ${KEEL_SCHEMA}), so it is read-only here and this change was not saved`,
    hint: "reads work; update keel to write to it, or set KEEL_DB to another store",
  };
}

/** True when the file exists but this process may not write it (or the folder its journal files go in). */
export function mustOpenReadOnly(path: string): boolean {
  if (path === ":memory:" || !existsSync(path)) return false;
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/** A read-only store cannot be migrated: refuse one older than this keel. */
export function requireCurrentSchema(applied: number, location: string): void {
  if (applied >= EMBEDDED_MIGRATIONS.length) return;
  throw new UserError(
    `the store ${shortForTerminal(location, 160)} is read-only and older than this keel, so it cannot be upgraded`,
    2,
    "open it once with write access, or set KEEL_DB to a writable store",
  );
}
