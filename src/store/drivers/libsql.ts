// libSQL client driver: remote team stores (libsql://, http(s)://, ws(s)://) and local files where no built-in
// SQLite exists.
import type { KeelDb, SqlValue, Store, WriteRefusal } from "../db.ts";
import { newerRefusal, readFactsAsync, refuseForeign } from "../guard-open.ts";
import { isMarkedDamaged, QUICK_CHECK_SQL, runCheck } from "../integrity.ts";
import { recogniseStore } from "../recognise.ts";
import {
  FILE_PRAGMAS,
  migrateAsyncStore,
  type OpenMode,
  stampSql,
  VERSION_SQL,
  versionOf,
  writeRefusal,
} from "./sqlite-shared.ts";

export interface LibsqlTarget {
  url: string;
  authToken?: string;
  /** True for a local file, which gets the same pragmas as the other drivers. */
  local: boolean;
  /** A local file's path and how it is opened (read-only by permissions, left with a write-ahead log). */
  path?: string;
  mode?: OpenMode;
}

type Client = ReturnType<typeof import("@libsql/client").createClient>;

/** A query's rows as plain objects keyed by column name. */
async function rowsOf(
  client: Client,
  query: string,
  args: readonly SqlValue[] = [],
): Promise<Array<Record<string, unknown>>> {
  const result = await client.execute({ sql: query, args: [...args] });
  return result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i]])));
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

/**
 * A local file's facts after the busy wait is set, inside one read transaction (as the other drivers read them): a
 * second keel creating the store meanwhile is waited for, and cannot change the answer between two queries.
 */
async function localFacts(client: Client) {
  await client.execute(`PRAGMA ${FILE_PRAGMAS[0]}`);
  const snapshot = await client.transaction("read");
  try {
    return await readFactsAsync((query) => rowsOf(snapshot as unknown as Client, query));
  } finally {
    snapshot.close();
  }
}

export async function openLibsql(target: LibsqlTarget): Promise<Store> {
  const { client: libsql, orm } = await clientModules(target);
  const { createClient } = libsql;
  const { drizzle } = orm;
  const client = createClient({ url: target.url, authToken: target.authToken });
  const location = target.path ?? target.url;
  const mode = target.mode ?? { readOnly: false, leftWithLog: false };
  let refusal: WriteRefusal | undefined;
  let verdict: ReturnType<typeof recogniseStore>;
  let userVersion: number;
  try {
    const facts = target.local
      ? await localFacts(client)
      : await readFactsAsync((query) => rowsOf(client, query));
    verdict = recogniseStore(facts);
    userVersion = facts.userVersion;
    refuseForeign(verdict, location);
    const checked =
      target.local && mode.leftWithLog && !isMarkedDamaged(location)
        ? await runCheck((q) => rowsOf(client, q), QUICK_CHECK_SQL)
        : [];
    refusal = target.local
      ? writeRefusal(verdict, location, mode.leftWithLog, () => checked)
      : verdict.kind === "newer"
        ? newerRefusal(verdict, location)
        : undefined;
    if (mode.readOnly || refusal) await client.execute("PRAGMA query_only = ON");
    else if (target.local) for (const pragma of FILE_PRAGMAS) await client.execute(`PRAGMA ${pragma}`);
    else await client.execute("PRAGMA foreign_keys = ON");
  } catch (error) {
    client.close();
    throw error;
  }
  const db = drizzle({ client });
  const writable = !mode.readOnly && !refusal;
  if (writable) {
    await migrateAsyncStore(db);
    for (const stamp of stampSql(verdict, userVersion)) await client.execute(stamp);
  }
  return {
    db: db as unknown as KeelDb,
    orm: async () => db as unknown as KeelDb,
    read: {
      all: async <T>(sql: string, params?: readonly SqlValue[]) => (await rowsOf(client, sql, params)) as T[],
      // a server may answer each request on another connection: only a local file can tell its version
      ...(target.local ? { version: async () => versionOf(await rowsOf(client, VERSION_SQL)) } : {}),
    },
    driver: "libsql",
    location: target.url,
    readOnly: !writable,
    ...(refusal ? { refusal } : {}),
    close: async () => client.close(),
  };
}
