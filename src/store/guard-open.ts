// Checks made when a store is opened, before anything is written: a non-empty database that is not keel's is
// refused (keel would switch it to WAL and add its tables), and a store keel may not write to is opened
// read-only, provided its schema is already current.
import { accessSync, constants, existsSync } from "node:fs";
import { dirname } from "node:path";
import { UserError } from "../core/errors.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import { EMBEDDED_MIGRATIONS } from "./migrations.gen.ts";

const KEEL_MARKERS = ["__drizzle_migrations", "projects"];

/** Throws when the database already holds tables and none of them is keel's. */
export function refuseForeignDatabase(tables: string[], location: string): void {
  const own = tables.filter((name) => !name.startsWith("sqlite_"));
  if (own.length === 0 || KEEL_MARKERS.some((marker) => own.includes(marker))) return;
  throw new UserError(
    `${shortForTerminal(location, 160)} is another application's SQLite database (${own.length} table${own.length === 1 ? "" : "s"}, none of keel's); keel left it untouched`,
    2,
    "set KEEL_DB to keel's own store or to a new file",
  );
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
