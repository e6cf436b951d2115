// Looking at an existing file before keel opens a writing connection to it: the SQLite header's application id
// says at once whether the file is keel's or another application's; a file without one is inspected through a
// read-only connection, which never checkpoints another application's write-ahead log into its file on close.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { importNodeSqlite } from "./drivers/node-sqlite.ts";
import { readFactsAtOnce, refuseForeign } from "./guard-open.ts";
import { KEEL_APPLICATION_ID, recogniseStore } from "./recognise.ts";

const MAGIC = "SQLite format 3\u0000";

/** The application id in a SQLite file's header; undefined for a missing, empty or non-SQLite file. */
export function headerApplicationId(path: string): number | undefined {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
  if (size < 100) return undefined;
  const header = Buffer.alloc(100);
  const fd = openSync(path, "r");
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString("latin1", 0, 16) !== MAGIC) return undefined;
  return header.readUInt32BE(68);
}

type Rows = Array<Record<string, unknown>>;

/** How long a read-only look waits for another process's write, as keel's own connections do. */
const BUSY_WAIT_MS = 5000;

/**
 * A read-only connection with the runtime's built-in SQLite, or undefined when there is none. It waits out another
 * process's write (a store being created by a second keel) instead of failing at once with "database is locked".
 */
export async function readOnlyConnection(
  path: string,
): Promise<{ all(sql: string): Rows; exec(sql: string): void; close(): void } | undefined> {
  if (typeof (globalThis as { Bun?: unknown }).Bun !== "undefined") {
    const { Database } = await import("bun:sqlite");
    const db = new Database(path, { readonly: true });
    db.exec(`PRAGMA busy_timeout = ${BUSY_WAIT_MS}`);
    return {
      all: (sql) => db.query(sql).all() as Rows,
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
    };
  }
  const sqlite = await importNodeSqlite();
  if (!sqlite) return undefined;
  const db = new sqlite.DatabaseSync(path, { readOnly: true, timeout: BUSY_WAIT_MS });
  return {
    all: (sql) => db.prepare(sql).all() as Rows,
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}

/**
 * Throws before any writing connection exists when `path` is another application's database. A file stamped as
 * keel's passes at once; one with no application id is read through a read-only connection.
 */
export async function refuseForeignFile(path: string): Promise<void> {
  const id = headerApplicationId(path);
  if (id === undefined || id === KEEL_APPLICATION_ID) return;
  if (id !== 0) {
    refuseForeign({ kind: "foreign", why: `its application id is ${id}, not keel's` }, path);
    return;
  }
  const connection = await readOnlyConnection(path);
  if (!connection) return; // the driver's own connection checks it, as the libSQL-only runtimes always did
  try {
    refuseForeign(recogniseStore(readFactsAtOnce(connection)), path);
  } finally {
    connection.close();
  }
}
