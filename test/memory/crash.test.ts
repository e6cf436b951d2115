// Crash safety: a writer killed with SIGKILL in the middle of its transactions leaves a consistent store
// (integrity_check ok, the full-text index agrees with the table) holding every record it acknowledged.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.ts";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("memory-crash");

/** Runs the writer until it acknowledged at least `atLeast` ids, then SIGKILLs it; returns the acknowledged ids. */
function writeThenKill(file: string, driver: string, atLeast: number, run: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(BIN_DIR, "node"),
      ["--disable-warning=ExperimentalWarning", "test/memory/crash-writer.ts", file, driver, String(run)],
      {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split("\n").length > atLeast) child.kill("SIGKILL");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (_code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`writer ended without being killed: ${err}`));
      else resolve(out.split("\n").filter((line) => line.startsWith("mem-crash-")));
    });
  });
}

describe.each(["node-sqlite", "libsql"] as const)("a writer killed mid-transaction on %s", (driver) => {
  it("leaves a consistent store with every acknowledged record", async () => {
    const file = join(mkdtempSync(join(root, `${driver}-`)), "crash.db");
    const acknowledged: string[] = [];
    for (const [run, atLeast] of [200, 600, 1000].entries())
      acknowledged.push(...(await writeThenKill(file, driver, atLeast, run)));
    const store = await openStore(file, { driver });
    try {
      const check = (await store.db.all(sql`pragma integrity_check`)) as Array<Record<string, unknown>>;
      expect(Object.values(check[0]!)[0]).toBe("ok");
      await store.db.run(sql`insert into memory_fts(memory_fts) values ('integrity-check')`);
      const rows = (await store.db.all(
        sql`select id from memory_records where project_id = 'crash'`,
      )) as Array<{ id: string }>;
      const stored = new Set(rows.map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(rows.length % 25).toBe(0);
      const indexed = (await store.db.all(
        sql`select count(*) as n from memory_fts where memory_fts match 'crash'`,
      )) as Array<{ n: number }>;
      expect(Number(indexed[0]!.n)).toBe(rows.length);
    } finally {
      await store.close();
    }
  });
});
