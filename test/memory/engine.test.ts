// The memory engine on every driver: node:sqlite and libSQL (a file URL, the team-store code path) in vitest,
// bun:sqlite in a spawned Bun. Same checks everywhere (memory-checks.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.ts";
import { MEMORY_CHECKS } from "./memory-checks.ts";

const root = tempDir("memory");

describe.each(["node-sqlite", "libsql"] as const)("memory on %s", (driver) => {
  for (const [name, check] of Object.entries(MEMORY_CHECKS)) {
    it(name, async () => {
      await check(driver, mkdtempSync(join(root, `${driver}-`)));
    });
  }
});

describe("memory on bun-sqlite (spawned bun)", () => {
  it("passes every memory check", () => {
    const dir = mkdtempSync(join(root, "bun-"));
    const run = spawnSync("bun", ["test/memory/memory-checks-cli.ts", "bun-sqlite", dir], {
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}");
    expect(results).toEqual(Object.fromEntries(Object.keys(MEMORY_CHECKS).map((name) => [name, null])));
  });
});
