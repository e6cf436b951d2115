// libSQL client driver: remote team stores (libsql://, http(s)://, ws(s)://) and local files where no built-in
// SQLite exists.
import type { KeelDb, Store } from "../db.ts";
import { refuseForeignDatabase } from "../guard-open.ts";
import { FILE_PRAGMAS, migrateAsyncStore } from "./sqlite-shared.ts";

export interface LibsqlTarget {
  url: string;
  authToken?: string;
  /** True for a local file, which gets the same pragmas as the other drivers. */
  local: boolean;
}

/**
 * The client and ORM modules for a target: remote stores use the pure-JS HTTP or WebSocket clients, so the compiled
 * binary (which carries no native libsql module) can reach a team store; only a local file needs the native one.
 */
async function clientModules(target: LibsqlTarget) {
  type Client = typeof import("@libsql/client");
  type Orm = typeof import("drizzle-orm/libsql");
  if (target.local)
    return { client: await import("@libsql/client"), orm: await import("drizzle-orm/libsql") };
  if (/^wss?:/i.test(target.url))
    return {
      client: (await import("@libsql/client/ws")) as Client,
      orm: (await import("drizzle-orm/libsql/ws")) as unknown as Orm,
    };
  return {
    client: (await import("@libsql/client/http")) as Client,
    orm: (await import("drizzle-orm/libsql/http")) as unknown as Orm,
  };
}

export async function openLibsql(target: LibsqlTarget): Promise<Store> {
  const { client: libsql, orm } = await clientModules(target);
  const { createClient } = libsql;
  const { drizzle } = orm;
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
