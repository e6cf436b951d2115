// Loss and damage at the store: another application's SQLite file and a non-database file are refused before
// anything is written; a read-only store serves reads and refuses writes in one sentence; a busy store is
// retried within a bound and then called busy, never shown as raw SQL.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-sqlite";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.ts";
import { retryBusy, storeFaultError } from "../../src/store/store-errors.ts";
import { isolatedEnv, REPO_ROOT, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("store-faults");
chmodSync(root, 0o755);
const repo = initRepo(join(root, "repo"));
const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
const keelWith = (db: string, args: string[]) =>
  runKeel(args, { cwd: repo, env: isolatedEnv(join(root, "agent"), { KEEL_DB: db }) });

describe("stores keel must not write", () => {
  it("refuses another application's SQLite database and leaves it byte for byte", () => {
    const path = join(root, "app.db");
    const other = new DatabaseSync(path);
    other.exec(
      "create table users (id integer primary key, name text); insert into users values (1, 'ada');",
    );
    other.close();
    const before = digest(path);
    const run = keelWith(path, ["note", "note", "hello"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/another application's SQLite database .*untouched/);
    expect(run.stderr).not.toMatch(/Failed query|insert into|SQLITE_/);
    expect(digest(path)).toBe(before);
    const check = new DatabaseSync(path);
    expect(check.prepare("pragma journal_mode").get()).toEqual({ journal_mode: "delete" });
    check.close();
  });

  it("refuses a file that is not a database, without echoing it", () => {
    const path = join(root, "notes.txt");
    writeFileSync(path, "root:x:0:0:secret line that is long enough to be a header\n".repeat(100));
    const before = digest(path);
    const run = keelWith(path, ["journal"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/is not a SQLite database/);
    expect(run.stderr).not.toContain("secret line");
    expect(digest(path)).toBe(before);
  });
});

describe.skipIf(process.getuid?.() !== 0)("a read-only store", () => {
  it("serves reads and refuses writes in one sentence", () => {
    const dir = join(root, "ro");
    mkdirSync(dir);
    const path = join(dir, "keel.db");
    expect(keelWith(path, ["note", "decision", "use WAL"]).status).toBe(0);
    chmodSync(path, 0o444);
    chmodSync(dir, 0o555);
    // As root, file modes do not bind: run keel as nobody (setpriv), the way a shared read-only store is used.
    const env = isolatedEnv(join(root, "agent"), {
      KEEL_DB: path,
      HOME: root,
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "safe.directory",
      GIT_CONFIG_VALUE_0: "*",
    });
    // nobody may not reach the checkout (a clone inside a 0700 folder), so it runs a copy of the compiled
    // binary from this world-readable temp folder.
    const binary = join(root, "keel-bin");
    copyFileSync(join(REPO_ROOT, "dist", "keel"), binary);
    chmodSync(binary, 0o755);
    const nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"];
    const asNobody = (args: string[]) => {
      const run = spawnSync("setpriv", [...nobody, binary, ...args], {
        cwd: repo,
        env,
        encoding: "utf8",
      });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    };
    const read = asNobody(["journal"]);
    expect(read.status, read.stderr).toBe(0);
    expect(read.stdout).toContain("use WAL");
    const write = asNobody(["note", "note", "more"]);
    expect(write.status).toBe(2);
    expect(write.stderr.trim().split("\n")[0]).toMatch(
      /^keel: the store .* is read-only, so this change was not saved$/,
    );
    expect(asNobody(["memory", "search", "wal"]).status).not.toBe(2);
  });
});

describe("a busy store", () => {
  it("retries BEGIN while another connection holds the write lock, then says the store is busy", async () => {
    const path = join(root, "busy.db");
    const holder = await openStore(path);
    await holder.db.run(sql`begin immediate`);
    const raw = new DatabaseSync(path);
    raw.exec("pragma busy_timeout = 0");
    const db = drizzle({ client: raw });
    // node:sqlite's Drizzle session throws synchronously; run it inside a promise chain.
    const error = await Promise.resolve()
      .then(() => db.run(sql`begin immediate`))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String(error)).toMatch(/Failed query/);
    const said = storeFaultError(error, path);
    expect(said?.message).toMatch(/^the store is busy/);
    expect(said?.message).not.toMatch(/Failed query|begin immediate/);
    let attempts = 0;
    const retried = retryBusy(async () => {
      attempts++;
      if (attempts === 2) await holder.db.run(sql`commit`);
      return db.run(sql`begin immediate`);
    });
    await retried;
    expect(attempts).toBeGreaterThanOrEqual(2);
    raw.exec("rollback");
    raw.close();
    await holder.close();
  });
});
