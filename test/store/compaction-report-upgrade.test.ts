// A store written before the compactions table had its `report` column (round two kept the verified report as
// an object in `gaps`) upgrades on first open with every driver, and its rows still read: the notice, the
// coverage after repair and the changed lines. The old store is a real SQLite file migrated only up to the
// migration before the column, with a row inserted in round two's shape.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/node-sqlite";
import { migrateSync } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { readStoredReport } from "../../src/compact/stored-report.ts";
import { listCompactions } from "../../src/store/compactions.ts";
import { syncSession } from "../../src/store/drivers/sqlite-shared.ts";
import { EMBEDDED_MIGRATIONS } from "../../src/store/migrations.gen.ts";
import { openStore } from "../../src/store/open.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("report-upgrade");
const COLUMN = EMBEDDED_MIGRATIONS.findIndex((m) => m.sql.some((s) => s.includes("ADD `report`")));
const ROUND_TWO = {
  gaps: ["unsupported-claim"],
  notice: 'verified compaction (balanced): 1 line removed: "all tests passed" (no test run in the session)',
  coverageAfter: 1,
  changes: [{ action: "removed", text: "all tests passed", why: "no test run in the session" }],
};

function writeOldStore(file: string): void {
  const client = new DatabaseSync(file);
  try {
    migrateSync(EMBEDDED_MIGRATIONS.slice(0, COLUMN), syncSession(drizzle({ client })));
    client.exec(`insert into projects (id, root, identity_source, name, first_seen_at, last_seen_at)
      values ('p', '/r', 'configured', 'r', 1, 1)`);
    client
      .prepare(
        `insert into compactions (project_id, session_id, entry_id, strategy, reason, from_extension,
           summary_chars, outcome, coverage, model_calls, gaps, created_at)
         values ('p', 's', 'c1', 'verified', 'manual', 1, 10, 'patched', 1, 1, ?, 5)`,
      )
      .run(JSON.stringify(ROUND_TWO));
  } finally {
    client.close();
  }
}

describe("the compactions report column on a round-two store", () => {
  it("is found before the column's migration", () => {
    expect(COLUMN).toBeGreaterThan(0);
  });

  it.each(["node-sqlite", "libsql"] as const)(
    "upgrades and still reads the old report on %s",
    async (driver) => {
      const file = join(mkdtempSync(join(root, `${driver}-`)), "keel.db");
      writeOldStore(file);
      const store = await openStore(file, { driver });
      try {
        const [row] = await listCompactions(store.db);
        expect(row?.report).toBeNull();
        expect(readStoredReport(row as NonNullable<typeof row>)).toEqual(ROUND_TWO);
      } finally {
        await store.close();
      }
    },
  );

  it("upgrades and still reads the old report on bun-sqlite (spawned bun)", () => {
    const dir = mkdtempSync(join(root, "bun-"));
    writeOldStore(join(dir, "seed.db"));
    const file = join(dir, "keel.db");
    copyFileSync(join(dir, "seed.db"), file);
    const script = `import { openStore } from "./src/store/open.ts"; import { listCompactions } from "./src/store/compactions.ts";
      import { readStoredReport } from "./src/compact/stored-report.ts";
      const s = await openStore(${JSON.stringify(file)}); const [row] = await listCompactions(s.db);
      console.log(JSON.stringify({ driver: s.driver, report: row.report, read: readStoredReport(row) })); await s.close();`;
    const run = spawnSync("bun", ["-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout.trim())).toEqual({ driver: "bun-sqlite", report: null, read: ROUND_TWO });
  });
});
