// The database handle type every store function takes, whatever driver sits underneath.
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

export interface Store {
  readonly db: KeelDb;
  readonly driver: DriverName;
  /** The file path or remote URL the store was opened from. */
  readonly location: string;
  /** True when keel may only read this store (a file it cannot write): no migrations, writes fail. */
  readonly readOnly?: boolean;
  /** Why writes are refused when keel could write the file: the store is damaged or a newer keel wrote it. */
  readonly refusal?: WriteRefusal;
  close(): Promise<void>;
}
