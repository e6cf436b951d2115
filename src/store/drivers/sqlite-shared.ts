// What every local SQLite connection shares: WAL, a busy wait instead of SQLITE_BUSY, foreign keys; and the
// session handle Drizzle's migrator needs from a synchronous driver.
import type { migrateSync } from "drizzle-orm/sqlite-core";

export const FILE_PRAGMAS = [
  "journal_mode = WAL",
  "busy_timeout = 5000",
  "foreign_keys = ON",
  "synchronous = NORMAL",
];

type SyncSession = Parameters<typeof migrateSync>[1];

/** Drizzle keeps `session` out of its public types; its migrator still takes it. */
export function syncSession(db: object): SyncSession {
  return (db as { session: SyncSession }).session;
}
