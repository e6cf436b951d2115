// One store conformance suite on every driver: node:sqlite and libSQL in this process, bun:sqlite in a spawned
// Bun, plus a file written by one driver and read by the others.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listCompactions, recordCompaction } from "../../src/store/compactions.ts";
import type { DriverName } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { CONFORMANCE_CHECKS, runConformance } from "../support/store-conformance.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("conformance");

function runInBun(driver: DriverName, dir: string): Record<string, string | null> {
  const run = spawnSync("bun", ["test/support/store-conformance-cli.ts", driver, dir], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}");
}

describe.each(["node-sqlite", "libsql"] as const)("store on %s", (driver) => {
  for (const [name, check] of Object.entries(CONFORMANCE_CHECKS)) {
    it(name, async () => {
      const dir = mkdtempSync(join(root, `${driver}-`));
      await check(driver, dir);
    });
  }
});

describe("store on bun-sqlite (spawned bun)", () => {
  it("passes every conformance check", () => {
    const results = runInBun("bun-sqlite", mkdtempSync(join(root, "bun-")));
    expect(Object.keys(results).sort()).toEqual(Object.keys(CONFORMANCE_CHECKS).sort());
    expect(results).toEqual(Object.fromEntries(Object.keys(CONFORMANCE_CHECKS).map((name) => [name, null])));
  });
});

describe("one file, every driver", () => {
  it("rows written through node:sqlite are read by libSQL and bun:sqlite", async () => {
    const file = join(mkdtempSync(join(root, "shared-")), "shared.db");
    const writer = await openStore(file, { driver: "node-sqlite" });
    await upsertProject(writer.db, { id: "p", root: "/r", identitySource: "configured", name: "r" }, 1);
    await recordCompaction(writer.db, {
      projectId: "p",
      sessionId: "s",
      entryId: "written-by-node",
      strategy: "native",
      reason: "threshold",
      fromExtension: false,
      summaryChars: 1,
      createdAt: 7,
    });
    await writer.close();
    const reader = await openStore(file, { driver: "libsql" });
    expect((await listCompactions(reader.db)).map((r) => r.entryId)).toEqual(["written-by-node"]);
    await reader.close();
    const script = `import { openStore } from "./src/store/open.ts"; import { listCompactions } from "./src/store/compactions.ts";
      const s = await openStore(${JSON.stringify(file)}); console.log(s.driver, (await listCompactions(s.db))[0].entryId); await s.close();`;
    const run = spawnSync("bun", ["-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("bun-sqlite written-by-node");
  });

  it("remote URLs go to libSQL and a wrong driver is a clear error", async () => {
    await expect(openStore("libsql://example.invalid", { driver: "node-sqlite" })).rejects.toThrow(
      /cannot open a remote store/,
    );
  });

  it("runConformance reports a failing check by name instead of throwing", async () => {
    const results = await runConformance("node-sqlite", join(root, "not-a-dir\0"));
    expect(Object.values(results).every((message) => typeof message === "string")).toBe(true);
  });
});
