// A store written before "one word for the person" (contract `source`, journal `author`, memory origin 'user')
// upgrades on first open: the columns are `origin`, 'user' reads as 'owner', the usage totals do not move, and
// the CLI finds and shows the old rows with the new word. The old store is a real SQLite file migrated only up
// to the migration before the rename, with rows inserted in the old shape.
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-sqlite";
import { migrateSync } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { resolveProjectIdentity } from "../../src/project/identity.ts";
import { syncSession } from "../../src/store/drivers/sqlite-shared.ts";
import { listJournal, listRules } from "../../src/store/guard-journal.ts";
import { findMemoryRow, memoryUsage } from "../../src/store/memory-records.ts";
import { EMBEDDED_MIGRATIONS } from "../../src/store/migrations.gen.ts";
import { openStore } from "../../src/store/open.ts";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("owner-origin");

const RENAME = EMBEDDED_MIGRATIONS.findIndex((m) => m.name?.endsWith("_owner_origin"));
const OWNER_RECORD = "mem-20261101-aaaaaaaaaaaa";
const AGENT_RECORD = "mem-20261101-bbbbbbbbbbbb";

/** Writes a store as the keel before the rename left it: old columns, old words. */
function writeOldStore(file: string, projectId: string, projectRoot: string): void {
  const client = new DatabaseSync(file);
  try {
    migrateSync(EMBEDDED_MIGRATIONS.slice(0, RENAME), syncSession(drizzle({ client })));
    client.exec(`
      insert into projects (id, root, identity_source, name, first_seen_at, last_seen_at)
        values ('${projectId}', '${projectRoot}', 'git', 'proj', 1, 1);
      insert into guard_rules (project_id, id, text, source, created_at) values
        ('${projectId}', 'use-pnpm', 'Use pnpm, not npm', 'owner', 1),
        ('${projectId}', 'agent-rule', 'Prefer small commits', 'agent', 2);
      insert into guard_journal (project_id, number, session_id, type, text, tags, author, created_at) values
        ('${projectId}', 1, null, 'decision', 'Ship the rename with a migration', '[]', 'owner', 1),
        ('${projectId}', 2, 's1', 'note', 'The agent thinks the migration is safe', '[]', 'agent', 2);
    `);
    const record = client.prepare(
      `insert into memory_records (id, project_id, title, body, tags, kind, category, origin, bytes, created_at,
         updated_at) values (?, ?, ?, ?, 'rename', 'decision', 'decision', ?, ?, 1, 1)`,
    );
    record.run(OWNER_RECORD, projectId, "Owner chose pnpm", "The owner chose pnpm for installs.", "user", 40);
    record.run(
      AGENT_RECORD,
      projectId,
      "Agent noted pnpm",
      "The agent noted the pnpm lockfile.",
      "agent",
      30,
    );
  } finally {
    client.close();
  }
}

describe("a store from before the owner/origin rename", () => {
  it.each(["node-sqlite", "libsql"] as const)("is upgraded on first open by %s", async (driver) => {
    expect(RENAME).toBeGreaterThan(0);
    const file = join(mkdtempSync(join(root, `${driver}-`)), "old.db");
    writeOldStore(file, "p-old", "/work/old");
    const store = await openStore(file, { driver });
    try {
      const applied = (await store.db.all(sql`select count(*) as n from __drizzle_migrations`)) as Array<{
        n: number;
      }>;
      expect(Number(applied[0]?.n)).toBe(EMBEDDED_MIGRATIONS.length);
      const columns = async (table: string) =>
        ((await store.db.all(sql.raw(`PRAGMA table_info(${table})`))) as Array<{ name: string }>).map(
          (c) => c.name,
        );
      for (const table of ["guard_rules", "guard_journal", "memory_records"]) {
        expect(await columns(table)).toContain("origin");
        expect(await columns(table)).not.toContain("author");
        expect(await columns(table)).not.toContain("source");
      }
      const rules = await listRules(store.db, "p-old");
      expect(rules.map((r) => [r.id, r.origin])).toEqual(
        expect.arrayContaining([
          ["use-pnpm", "owner"],
          ["agent-rule", "agent"],
        ]),
      );
      const journal = await listJournal(store.db, "p-old", {});
      expect(journal.map((j) => [j.number, j.origin])).toEqual([
        [2, "agent"],
        [1, "owner"],
      ]);
      expect((await findMemoryRow(store.db, "p-old", OWNER_RECORD))?.origin).toBe("owner");
      expect((await findMemoryRow(store.db, "p-old", AGENT_RECORD))?.origin).toBe("agent");
      // The triggers kept counting: both records still count against the quota, none as derived.
      expect(await memoryUsage(store.db, "p-old")).toEqual({ records: 2, bytes: 70, derived: 0 });
    } finally {
      await store.close();
    }
  });

  it("is read by the CLI with the new word, and old owner records are still found", () => {
    const project = initRepo(join(root, "proj"));
    const identity = resolveProjectIdentity({ cwd: project });
    if (!identity.ok) throw new Error(identity.reason);
    const keelDb = join(root, "cli.db");
    writeOldStore(keelDb, identity.value.id, identity.value.root);
    const env = isolatedEnv(join(root, "agent"), { KEEL_DB: keelDb, XDG_CONFIG_HOME: join(root, "config") });
    const json = (...args: string[]) => {
      const run = runKeel([...args, "--json"], { cwd: project, env });
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout);
    };
    const entries = json("journal").entries as Array<Record<string, unknown>>;
    expect(entries.map((e) => [e.number, e.origin])).toEqual([
      [2, "agent"],
      [1, "owner"],
    ]);
    expect(entries.every((e) => !("author" in e))).toBe(true);
    const rules = json("contract", "list").rules as Array<Record<string, unknown>>;
    expect(rules).toContainEqual({ id: "use-pnpm", text: "Use pnpm, not npm", origin: "owner" });
    expect(rules.every((r) => !("source" in r))).toBe(true);
    const found = json("memory", "search", "pnpm") as { results: Array<{ id: string; origin: string }> };
    expect(found.results.map((r) => [r.id, r.origin]).sort()).toEqual([
      [OWNER_RECORD, "owner"],
      [AGENT_RECORD, "agent"],
    ]);
    expect(json("memory", "read", OWNER_RECORD).record.origin).toBe("owner");
  });
});
