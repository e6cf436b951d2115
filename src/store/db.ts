// The database handle types every store function takes, whatever driver sits underneath: Drizzle's, and a raw
// reader the driver answers itself (the hot read paths use it, so they never load Drizzle).
import type { SQLiteAsyncDatabase } from "drizzle-orm/sqlite-core";

export type DriverName = "bun-sqlite" | "node-sqlite" | "libsql";

/** A Drizzle database over any of keel's SQLite drivers; always `await` its queries. */
export type KeelDb = SQLiteAsyncDatabase<"sync" | "async", unknown>;

/** Why keel will not write a store it could open: one sentence and what to do about it. */
export interface WriteRefusal {
  kind: "damaged" | "newer";
  message: string;
  hint: string;
}

/** A value a raw read binds to a `?` placeholder. */
export type SqlValue = string | number | bigint | null;

/** Parameterised reads answered by the driver itself, without Drizzle: rows keyed by column name. */
export interface SqlReader {
  all<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /**
   * A token that changes whenever the database may have changed: another connection committed (SQLite's
   * data_version) or this one wrote (total_changes). Absent where that cannot be told (a libSQL server).
   */
  version?(): Promise<string>;
}

export interface Store {
  /** Drizzle over the connection. A store opened with `{ orm: false }` throws here: a bug in its caller. */
  readonly db: KeelDb;
  readonly read: SqlReader;
  /** Drizzle over the connection, loaded now if the store was opened with `{ orm: false }` (then `db` works too). */
  orm(): Promise<KeelDb>;
  readonly driver: DriverName;
  /** The file path or remote URL the store was opened from. */
  readonly location: string;
  /** True when keel may only read this store (a file it cannot write): no migrations, writes fail. */
  readonly readOnly?: boolean;
  /** Why writes are refused when keel could write the file: the store is damaged or a newer keel wrote it. */
  readonly refusal?: WriteRefusal;
  close(): Promise<void>;
}
