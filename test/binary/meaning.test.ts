// The compiled binary searches memory by meaning from its own embedded model: it is copied away from the
// checkout (no node_modules anywhere above it), records are written with the CLI, and a question in other
// words finds them; `keel memory search --or` fuses phrasings and `keel memory status` reports the index.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBED_MODEL_ID } from "../../src/memory/meaning/model-files.ts";

const built = resolve(import.meta.dirname, "../../dist/keel");
let scratch: string;
let keelBin: string;
let project: string;

function keel(args: string[]) {
  const env = {
    PATH: "/usr/bin:/bin",
    HOME: scratch,
    KEEL_DB: join(scratch, "keel.db"),
    PI_CODING_AGENT_DIR: join(scratch, "agent"),
  };
  return spawnSync(keelBin, args, { cwd: project, env, encoding: "utf8", timeout: 180_000 });
}

beforeAll(() => {
  if (!existsSync(built)) throw new Error(`${built} is missing: build it first (npm test builds dist/keel)`);
  scratch = mkdtempSync(join(tmpdir(), "keel-meaning-bin-"));
  keelBin = join(scratch, "keel");
  copyFileSync(built, keelBin);
  spawnSync("chmod", ["+x", keelBin]);
  project = join(scratch, "project");
  mkdirSync(project);
  expect(spawnSync("git", ["init", "-q"], { cwd: project }).status).toBe(0);
  expect(existsSync(join(scratch, "node_modules"))).toBe(false);
  for (const [title, body] of [
    ["Money", "Store money as integer cents."],
    ["Installs", "Install dependencies with pnpm, not yarn."],
    ["Browser tests", "End-to-end tests use Playwright."],
  ]) {
    const run = keel(["memory", "record", "--title", title!, "--body", body!, "-k", "decision"]);
    expect(run.status, run.stderr).toBe(0);
  }
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("compiled binary, meaning search", () => {
  it("finds a record by a question in other words, and says why it matched", () => {
    const run = keel(["memory", "search", "how do we keep prices, as decimals or whole numbers?", "--json"]);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.meaning).toMatchObject({ model: EMBED_MODEL_ID });
    expect(out.results[0]).toMatchObject({ title: "Money", match: "meaning" });
    const text = keel(["memory", "search", "how do we keep prices, as decimals or whole numbers?"]);
    expect(text.stdout).toMatch(/Money {2}\(decision; by meaning, similarity 0\.\d+\)/);
  });

  it("fuses phrasings given with --or, and status shows the index", () => {
    const run = keel(["memory", "search", "zzqx", "--or", "pnpm", "--json"]);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.phrasings).toEqual(["zzqx", "pnpm"]);
    expect(out.results[0]).toMatchObject({ title: "Installs" });
    const status = keel(["memory", "status"]);
    expect(status.stdout).toMatch(
      new RegExp(
        `meaning {5}${EMBED_MODEL_ID.replace(/[.+]/g, "\\$&")}: 3 of 3 record\\(s\\) embedded, index 1\\.5 KiB`,
      ),
    );
  });
});
