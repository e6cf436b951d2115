// Store self-check: open (which migrates), read the SQLite version, the applied migrations and FTS5 support.
import { sql } from "drizzle-orm";
import { describeError } from "../core/errors.ts";
import { fail, ok, type Result } from "../core/result.ts";
import type { DriverName, KeelDb } from "./db.ts";
import { EMBEDDED_MIGRATIONS } from "./migrations.gen.ts";
import { type OpenOptions, openStore } from "./open.ts";

export interface StoreReport {
  location: string;
  driver: DriverName;
  sqliteVersion: string;
  migrationsApplied: number;
  migrationsEmbedded: number;
  fts5: boolean;
}

export async function checkStore(url: string, options: OpenOptions = {}): Promise<Result<StoreReport>> {
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    store = await openStore(url, options);
    return ok({
      location: store.location,
      driver: store.driver,
      sqliteVersion: await scalar(store.db, sql`select sqlite_version() as v`),
      migrationsApplied: Number(await scalar(store.db, sql`select count(*) as v from __drizzle_migrations`)),
      migrationsEmbedded: EMBEDDED_MIGRATIONS.length,
      fts5: (await scalar(store.db, sql`select sqlite_compileoption_used('ENABLE_FTS5') as v`)) === "1",
    });
  } catch (error) {
    return fail(describeError(error));
  } finally {
    await store?.close();
  }
}

async function scalar(db: KeelDb, query: ReturnType<typeof sql>): Promise<string> {
  const rows = (await db.all(query)) as Array<{ v: unknown }>;
  return String(rows[0]?.v ?? "");
}
