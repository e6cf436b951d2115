// Store self-check: open (which migrates), read the SQLite version, the applied migrations and FTS5 support, and
// run SQLite's full integrity check, which sets or clears the damage marker.
import { sql } from "drizzle-orm";
import { describeError } from "../core/errors.ts";
import { fail, ok, type Result } from "../core/result.ts";
import type { DriverName, KeelDb, Store } from "./db.ts";
import { clearDamaged, damagedRefusal, INTEGRITY_CHECK_SQL, markDamaged, runCheck } from "./integrity.ts";
import { EMBEDDED_MIGRATIONS } from "./migrations.gen.ts";
import { isRemoteStore, type OpenOptions, openStore } from "./open.ts";
import { storeFaultError } from "./store-errors.ts";

export interface StoreReport {
  location: string;
  driver: DriverName;
  sqliteVersion: string;
  migrationsApplied: number;
  migrationsEmbedded: number;
  fts5: boolean;
  /** SQLite's full integrity check: empty when it said ok. */
  integrity: string[];
  /** Why keel will not write this store (damaged, or written by a newer keel), when it will not. */
  refusal?: string;
}

export async function checkStore(url: string, options: OpenOptions = {}): Promise<Result<StoreReport>> {
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    store = await openStore(url, options);
    const integrity = await checkIntegrity(store);
    return ok({
      location: store.location,
      driver: store.driver,
      sqliteVersion: await scalar(store.db, sql`select sqlite_version() as v`),
      migrationsApplied: Number(await scalar(store.db, sql`select count(*) as v from __drizzle_migrations`)),
      migrationsEmbedded: EMBEDDED_MIGRATIONS.length,
      fts5: (await scalar(store.db, sql`select sqlite_compileoption_used('ENABLE_FTS5') as v`)) === "1",
      integrity,
      ...(integrity.length > 0
        ? { refusal: damagedRefusal(store.location, integrity).message }
        : store.refusal?.kind === "newer"
          ? { refusal: store.refusal.message }
          : {}),
    });
  } catch (error) {
    return fail(storeFaultError(error, url)?.message ?? describeError(error));
  } finally {
    await store?.close();
  }
}

/**
 * The full check, which also keeps the damage marker true: set when the check fails, cleared when it passes.
 * A remote store is checked but has no marker.
 */
async function checkIntegrity(store: Store): Promise<string[]> {
  const problems = await runCheck(
    async (query) => (await store.db.all(sql.raw(query))) as Array<Record<string, unknown>>,
    INTEGRITY_CHECK_SQL,
  );
  if (isRemoteStore(store.location)) return problems;
  if (problems.length > 0) markDamaged(store.location, problems);
  else clearDamaged(store.location);
  return problems;
}

async function scalar(db: KeelDb, query: ReturnType<typeof sql>): Promise<string> {
  const rows = (await db.all(query)) as Array<{ v: unknown }>;
  return String(rows[0]?.v ?? "");
}
