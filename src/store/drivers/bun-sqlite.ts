// bun:sqlite driver: used when keel runs under Bun, including the compiled binary.
import type { KeelDb, Store } from "../db.ts";
import { FILE_PRAGMAS, migrateSyncStore } from "./sqlite-shared.ts";

export async function openBunSqlite(path: string): Promise<Store> {
  const { Database } = await import("bun:sqlite");
  const { drizzle } = await import("drizzle-orm/bun-sqlite");
  const client = new Database(path, { create: true });
  for (const pragma of FILE_PRAGMAS) client.exec(`PRAGMA ${pragma}`);
  const db = drizzle({ client });
  migrateSyncStore(db);
  return {
    db: db as unknown as KeelDb,
    driver: "bun-sqlite",
    location: path,
    close: async () => client.close(),
  };
}
