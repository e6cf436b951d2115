// `keel store recover`: copies every row that can still be read from a damaged store into a new keel store.
// The source is read through a read-only connection in rowid ranges; a range that fails is read row by row, so
// one bad page costs only its own rows. Derived tables (the full-text index, usage totals) are rebuilt by the
// new store's triggers rather than copied. The source file is never written.
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describeError } from "../core/errors.ts";
import { fail, ok, type Result } from "../core/result.ts";
import type { KeelDb, Store } from "./db.ts";
import { checkProblems, INTEGRITY_CHECK_SQL } from "./integrity.ts";
import { openStore } from "./open.ts";
import { readOnlyConnection } from "./probe.ts";
import { withTransaction } from "./transaction.ts";

type Rows = Array<Record<string, unknown>>;
type Source = { all(sql: string): Rows; close(): void };

export interface TableRecovery {
  table: string;
  copied: number;
  /** Rows (or rowid ranges) that could not be read or did not fit the new store. */
  lost: number;
  note?: string;
}

export interface RecoveryReport {
  from: string;
  to: string;
  tables: TableRecovery[];
  copied: number;
  lost: number;
  /** The new store's own integrity check: "ok" or its first problem. */
  integrity: string;
}

const RANGE = 256;
/** Tables the new store fills by itself, or that carry no data of their own. */
const DERIVED = /^(sqlite_|__drizzle_migrations$|memory_fts|memory_usage$)/;

/** Copies what can be read from `from` (a local store file) into a new store at `to`, which must not exist. */
export async function recoverStore(from: string, to: string): Promise<Result<RecoveryReport>> {
  if (!existsSync(from)) return fail(`there is no store at ${from} to recover from`);
  if (existsSync(to)) return fail(`${to} already exists; give a new file for the recovered store`);
  let source: Source | undefined;
  try {
    source = await readOnlyConnection(from);
  } catch (error) {
    return fail(`cannot read ${from} at all: ${describeError(error)}`);
  }
  if (!source) return fail("this runtime has no built-in SQLite to read the damaged store with");
  const target = await openStore(to);
  try {
    const tables: TableRecovery[] = [];
    for (const table of await tablesToCopy(target.db)) tables.push(await copyTable(source, target, table));
    const integrity = checkProblems((await target.db.all(sql.raw(INTEGRITY_CHECK_SQL))) as Rows);
    return ok({
      from,
      to,
      tables,
      copied: tables.reduce((n, t) => n + t.copied, 0),
      lost: tables.reduce((n, t) => n + t.lost, 0),
      integrity: integrity[0] ?? "ok",
    });
  } finally {
    source.close();
    await target.close();
  }
}

/** The new store's tables in copy order: projects first, since every other row belongs to one. */
async function tablesToCopy(db: KeelDb): Promise<string[]> {
  const rows = (await db.all(sql`select name from sqlite_master where type = 'table' order by name`)) as Rows;
  const names = rows.map((row) => String(row.name)).filter((name) => !DERIVED.test(name));
  return [...names.filter((n) => n === "projects"), ...names.filter((n) => n !== "projects")];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function tryRows(source: Source, query: string): Rows | undefined {
  try {
    return source.all(query);
  } catch (error) {
    if (error instanceof Error) return undefined;
    throw error;
  }
}

async function copyTable(source: Source, target: Store, table: string): Promise<TableRecovery> {
  const wanted = ((await target.db.all(sql.raw(`pragma table_info(${quote(table)})`))) as Rows).map((r) =>
    String(r.name),
  );
  const present = tryRows(source, `pragma table_info(${quote(table)})`)?.map((r) => String(r.name));
  if (!present || present.length === 0)
    return { table, copied: 0, lost: 0, note: "not in the damaged store" };
  const columns = wanted.filter((c) => present.includes(c));
  const select = `select ${columns.map(quote).join(", ")} from ${quote(table)}`;
  const bounds = tryRows(source, `select min(rowid) as lo, max(rowid) as hi from ${quote(table)}`)?.[0];
  if (!bounds) return { table, copied: 0, lost: 0, note: "its rows could not be listed" };
  const lo = Number(bounds.lo ?? 1);
  const hi = Number(bounds.hi ?? 0);
  const result: TableRecovery = { table, copied: 0, lost: 0 };
  await withTransaction(target.db, async (db) => {
    for (let start = lo; start <= hi; start += RANGE) {
      const end = Math.min(hi, start + RANGE - 1);
      const rows =
        tryRows(source, `${select} where rowid between ${start} and ${end}`) ??
        rowByRow(source, select, start, end, result);
      for (const row of rows) await insertRow(db, table, columns, row, result);
    }
  });
  return result;
}

function rowByRow(source: Source, select: string, start: number, end: number, result: TableRecovery): Rows {
  const rows: Rows = [];
  for (let rowid = start; rowid <= end; rowid++) {
    const one = tryRows(source, `${select} where rowid = ${rowid}`);
    if (one) rows.push(...one);
    else result.lost++;
  }
  return rows;
}

async function insertRow(
  db: KeelDb,
  table: string,
  columns: string[],
  row: Record<string, unknown>,
  result: TableRecovery,
) {
  const values = sql.join(
    columns.map((c) => sql`${row[c] ?? null}`),
    sql`, `,
  );
  try {
    await db.run(
      sql`insert or ignore into ${sql.raw(quote(table))} (${sql.raw(columns.map(quote).join(", "))}) values (${values})`,
    );
    result.copied++;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    result.lost++;
  }
}
