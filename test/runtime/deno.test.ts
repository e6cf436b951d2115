// keel's sources run unchanged under Deno 2 (deno.json, node:sqlite): the version and a store self-check.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.ts";

const root = resolve(import.meta.dirname, "../..");
const deno = join(root, "node_modules/.bin/deno");
const scratch = tempDir("deno");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

function denoKeel(args: string[]) {
  return spawnSync(deno, ["run", "-A", "src/main.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, KEEL_DB: join(scratch, "keel.db"), NO_COLOR: "1" },
  });
}

describe("keel under Deno", () => {
  it("prints its version", () => {
    const run = denoKeel(["--version"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });

  it("opens and migrates the store with node:sqlite", () => {
    const run = denoKeel(["store", "check", "--json"]);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      driver: "node-sqlite",
      location: join(scratch, "keel.db"),
      fts5: true,
      problems: [],
    });
  });
});
