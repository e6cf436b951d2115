// bun:sqlite driver: used when keel runs under Bun, including the compiled binary.
import type { Store } from "../db.ts";
import { type OpenMode, type OrmChoice, openSyncStore } from "./sqlite-shared.ts";

/** SQLITE_OPEN_READONLY | SQLITE_OPEN_URI: a read-only store opens as an immutable URI, needing no -shm file. */
const READ_ONLY_URI_FLAGS = 0x01 | 0x40;

export async function openBunSqlite(path: string, mode: OpenMode & OrmChoice): Promise<Store> {
  const { Database } = await import("bun:sqlite");
  const client = mode.readOnly
    ? new Database(`file:${encodeURI(path)}?immutable=1`, READ_ONLY_URI_FLAGS as never)
    : new Database(path, { create: true });
  const sync = {
    exec: (sql: string) => client.exec(sql),
    close: () => client.close(),
    all: (sql: string, params: readonly unknown[] = []) =>
      client.query(sql).all(...(params as never[])) as Array<Record<string, unknown>>,
  };
  const wrap = async () => (await import("drizzle-orm/bun-sqlite")).drizzle({ client });
  return openSyncStore("bun-sqlite", path, sync, wrap, mode);
}
