// libSQL client driver: remote team stores (libsql://, http(s)://) and local files where no built-in SQLite exists.
import type { KeelDb, Store } from "../db.ts";
import { refuseForeignDatabase } from "../guard-open.ts";
import { FILE_PRAGMAS, migrateAsyncStore } from "./sqlite-shared.ts";

export interface LibsqlTarget {
  url: string;
  authToken?: string;
  /** True for a local file, which gets the same pragmas as the other drivers. */
  local: boolean;
}

export async function openLibsql(target: LibsqlTarget): Promise<Store> {
  const { createClient } = await import("@libsql/client");
  const { drizzle } = await import("drizzle-orm/libsql");
  const client = createClient({ url: target.url, authToken: target.authToken });
  try {
    const tables = await client.execute("select name from sqlite_master where type = 'table'");
    refuseForeignDatabase(
      tables.rows.map((row) => String(row.name)),
      target.url,
    );
  } catch (error) {
    client.close();
    throw error;
  }
  if (target.local) {
    for (const pragma of FILE_PRAGMAS) await client.execute(`PRAGMA ${pragma}`);
  } else {
    await client.execute("PRAGMA foreign_keys = ON");
  }
  const db = drizzle({ client });
  await migrateAsyncStore(db);
  return {
    db: db as unknown as KeelDb,
    driver: "libsql",
    location: target.url,
    close: async () => client.close(),
  };
}
