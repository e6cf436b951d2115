// A second keel opening a store another process is creating right now: it waits for the creator's write lock
// instead of refusing the store as busy, and then opens the finished (or still empty) store as keel's.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("first-open-race");

/** A process that starts a store the way the migrator does, then holds its write lock for `holdMs`. */
function holdCreationLock(file: string, holdMs: number): Promise<{ released: Promise<number | null> }> {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(${JSON.stringify(file)});
    db.exec("create table __drizzle_migrations (id integer primary key, hash text not null, created_at numeric)");
    db.exec("begin exclusive");
    process.stdout.write("locked\\n");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${holdMs});
    db.exec("rollback");
    db.close();`;
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const released = new Promise<number | null>((resolve) => child.on("close", resolve));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve({ released });
    });
    child.on("error", reject);
  });
}

describe("a store being created by another process", () => {
  it("is waited for while the creator holds its lock, then opened as keel's", async () => {
    const file = join(root, "being-created.db");
    const { released } = await holdCreationLock(file, 400);
    const store = await openStore(file);
    try {
      expect(store.readOnly).toBe(false);
      const rows = await store.read.all<{ name: string }>(
        "select name from sqlite_master where type = 'table' and name = 'projects'",
      );
      expect(rows).toEqual([{ name: "projects" }]);
    } finally {
      await store.close();
    }
    expect(await released).toBe(0);
  });
});
