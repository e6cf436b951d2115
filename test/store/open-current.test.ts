import { join } from "node:path";
import * as sqlite from "node:sqlite";
import { drizzle } from "drizzle-orm/node-sqlite";
import { migrateSync } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { openNodeSqlite } from "../../src/store/drivers/node-sqlite.ts";
import { syncSession } from "../../src/store/drivers/sqlite-shared.ts";
import { EMBEDDED_MIGRATIONS } from "../../src/store/migrations.gen.ts";
import { tempDir } from "../support/temp.ts";

const WRITABLE = { readOnly: false, leftWithLog: false };
const root = tempDir("open-current");

/** node:sqlite whose connections write down every statement they prepare or execute. */
function recordingSqlite(log: string[]): typeof sqlite {
  class RecordingDatabase extends sqlite.DatabaseSync {
    override prepare(sql: string) {
      log.push(sql);
      return super.prepare(sql);
    }
    override exec(sql: string) {
      log.push(sql);
      return super.exec(sql);
    }
  }
  return { ...sqlite, DatabaseSync: RecordingDatabase } as typeof sqlite;
}

/** Drizzle's migrator starts by reading its own table's rows; keel's open reads that table otherwise. */
const migratorRan = (log: string[]) => log.some((sql) => /select id, hash, created_at, name/i.test(sql));

function appliedNames(file: string): string[] {
  const client = new sqlite.DatabaseSync(file);
  try {
    return client
      .prepare("select name from __drizzle_migrations order by id")
      .all()
      .map((row) => String(row.name));
  } finally {
    client.close();
  }
}

describe("opening a store", () => {
  it("runs no migrator when every embedded migration is recorded", async () => {
    const file = join(root, "current.db");
    await (await openNodeSqlite(file, sqlite, WRITABLE)).close();
    const log: string[] = [];
    const store = await openNodeSqlite(file, recordingSqlite(log), WRITABLE);
    await store.close();
    expect(log.length).toBeGreaterThan(0);
    expect(migratorRan(log)).toBe(false);
  });

  it("migrates a store that lacks the latest migration", async () => {
    const file = join(root, "older.db");
    const client = new sqlite.DatabaseSync(file);
    migrateSync(EMBEDDED_MIGRATIONS.slice(0, -1), syncSession(drizzle({ client })));
    client.close();
    const log: string[] = [];
    await (await openNodeSqlite(file, recordingSqlite(log), WRITABLE)).close();
    expect(migratorRan(log)).toBe(true);
    expect(appliedNames(file)).toEqual(EMBEDDED_MIGRATIONS.map((m) => m.name));
  });
});
