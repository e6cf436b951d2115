// bun:sqlite driver: used when keel runs under Bun, including the compiled binary.
import type { Store } from "../db.ts";
import { openSyncStore } from "./sqlite-shared.ts";

export async function openBunSqlite(path: string): Promise<Store> {
  const { Database } = await import("bun:sqlite");
  const { drizzle } = await import("drizzle-orm/bun-sqlite");
  return openSyncStore("bun-sqlite", path, new Database(path, { create: true }), (client) =>
    drizzle({ client }),
  );
}
