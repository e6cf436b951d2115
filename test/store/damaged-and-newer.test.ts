import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { KEEL_SCHEMA } from "../../src/store/recognise.ts";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { damagedStores } from "../support/hardening/damaged-stores.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("damaged");

describe("damaged stores", () => {
  it("no write is accepted, no raw SQL is shown, store check fails, and recover yields a writable store", async () => {
    const figures = await damagedStores(root);
    expect(figures.kinds).toBe(5);
    expect(figures.writes).toBe(15);
    expect(figures.accepted).toEqual([]);
    expect(figures.rawSql).toEqual([]);
    expect(figures.checksPassed).toEqual([]);
    expect(figures.recovered).toMatchObject({ status: 0, integrity: "ok", writable: true });
    expect(figures.recovered.copied).toBeGreaterThan(0);
  }, 600_000);
});

describe("a store written by a newer keel", () => {
  it("serves reads, refuses writes naming the schema that wrote it, and is left as it was", () => {
    const repo = initRepo(join(root, "newer-repo"));
    const db = join(root, "newer.db");
    const keel = (args: string[]) =>
      runKeel(args, { cwd: repo, env: isolatedEnv(join(root, "agent"), { KEEL_DB: db }) });
    expect(keel(["note", "decision", "written by this keel"]).status).toBe(0);
    const raw = new DatabaseSync(db);
    raw.exec(
      `insert into __drizzle_migrations (hash, created_at, name) values ('a-later-hash', 4102444800000, '20991231000000_later');
       pragma user_version = ${KEEL_SCHEMA + 1};`,
    );
    raw.close();
    const read = keel(["journal"]);
    expect(read.status).toBe(0);
    expect(read.stdout).toContain("written by this keel");
    const write = keel(["note", "note", "more"]);
    expect(write.status).toBe(2);
    expect(write.stderr).toContain(
      `was written by a newer keel (schema ${KEEL_SCHEMA + 1}, last migration 20991231000000_later; this keel knows schema ${KEEL_SCHEMA})`,
    );
    const check = new DatabaseSync(db);
    expect(check.prepare("select count(*) as n from guard_journal").get()).toEqual({ n: 1 });
    expect(check.prepare("pragma user_version").get()).toEqual({ user_version: KEEL_SCHEMA + 1 });
    check.close();
  }, 120_000);
});
