// Guard from the command line: verify and evidence, note and journal, contract layers, diff and loops,
// each with its exit code, in a real git repository and a real store.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("guard-cli");
const project = join(root, "proj");
const env = isolatedEnv(join(root, "agent"), {
  KEEL_DB: join(root, "keel.db"),
  XDG_CONFIG_HOME: join(root, "config"),
});
const keel = (...args: string[]) => runKeel(args, { cwd: project, env });
const json = (...args: string[]) => JSON.parse(keel(...args, "--json").stdout);

beforeAll(() => initRepo(project));

describe("verify and evidence", () => {
  it("records passing and failing runs with exit codes 0 and 1", () => {
    const pass = keel("verify", "echo all good");
    expect(pass.status).toBe(0);
    expect(pass.stdout).toMatch(/^#1 exit 0 in \d+\.\ds {2}echo all good\n/);
    expect(pass.stdout).toContain("all good");
    const failing = keel("verify", "echo broken >&2; exit 3");
    expect(failing.status).toBe(1);
    const masked = keel("verify", "false || true");
    expect(masked.status).toBe(1);
    expect(masked.stdout).toContain("untrusted: a failure is masked");
    const listed = json("evidence");
    expect(listed.evidence.map((e: { number: number; exitCode: number }) => [e.number, e.exitCode])).toEqual([
      [3, 0],
      [2, 3],
      [1, 0],
    ]);
    expect(keel("evidence", "2").stdout).toContain("broken");
    expect(keel("evidence", "99").status).toBe(2);
    expect(json("status").guard).toMatchObject({
      openLoops: 0,
      lastEvidence: { number: 3, exitCode: 0, command: "false || true" },
    });
    expect(keel("status").stdout).toContain("last evidence #3 exit 0: false || true");
    expect(keel("verify", "true", "--timeout", "soon").status).toBe(2);
  });

  it("marks evidence stale once the tree changes", () => {
    expect(json("evidence", "1").stale).toBe(false);
    writeFileSync(join(project, "a.txt"), "changed\n");
    expect(json("evidence", "1").stale).toBe(true);
    expect(keel("evidence").stdout).toContain("stale: the tree changed since");
  });
});

describe("note and journal", () => {
  it("journals owner entries as trusted and rejects unknown types", () => {
    expect(keel("note", "decision", "Use", "SQLite for the store", "--tags", "Store, db").status).toBe(0);
    const entries = json("journal").entries;
    expect(entries[0]).toMatchObject({
      number: 1,
      type: "decision",
      text: "Use SQLite for the store",
      origin: "owner",
      tags: '["store","db"]',
    });
    const bad = keel("note", "musing", "hmm");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/type must be one of decision, correction, note, lesson/);
  });
});

describe("contract", () => {
  it("lists the seed, adds owner and personal rules, and refuses to remove a seed", () => {
    expect(
      json("contract", "list").rules.filter((r: { origin: string }) => r.origin === "seed"),
    ).toHaveLength(12);
    expect(keel("contract", "add", "Use pnpm, not npm").status).toBe(0);
    expect(keel("contract", "add", "Prefer the standard library", "--global").status).toBe(0);
    const personal = JSON.parse(readFileSync(join(root, "config/keel/contract.json"), "utf8"));
    expect(personal.rules).toEqual([
      { id: "prefer-the-standard-library", text: "Prefer the standard library" },
    ]);
    const rules = json("contract", "list").rules;
    expect(rules).toContainEqual({ id: "use-pnpm-not-npm", text: "Use pnpm, not npm", origin: "owner" });
    expect(rules).toContainEqual({
      id: "prefer-the-standard-library",
      text: "Prefer the standard library",
      origin: "personal",
    });
    const seed = keel("contract", "remove", "k02-evidence-before-done");
    expect(seed.status).toBe(1);
    expect(seed.stderr).toMatch(/seed rules stay/);
    expect(keel("contract", "remove", "prefer-the-standard-library").stderr).toMatch(
      /remove it with --global/,
    );
    expect(keel("contract", "remove", "prefer-the-standard-library", "--global").status).toBe(0);
    expect(keel("contract", "remove", "use-pnpm-not-npm").status).toBe(0);
  });

  it("reads a team file from .keel/contract.json and reports a broken one", () => {
    mkdirSync(join(project, ".keel"), { recursive: true });
    writeFileSync(
      join(project, ".keel/contract.json"),
      JSON.stringify({ rules: [{ id: "team-1", text: "Run lint before commit" }] }),
    );
    expect(json("contract", "list").rules).toContainEqual({
      id: "team-1",
      text: "Run lint before commit",
      origin: "team",
    });
    writeFileSync(join(project, ".keel/contract.json"), "{ not json");
    expect(json("contract", "list").problems[0]).toMatch(/contract.json: not valid JSON/);
    rmSync(join(project, ".keel"), { recursive: true });
  });
});

describe("diff and loops", () => {
  it("audits the change and reports no loops from the CLI", () => {
    const small = json("diff");
    expect(small).toMatchObject({ verdict: "ok", files: 1 });
    writeFileSync(join(project, "big.txt"), "x\n".repeat(2000));
    const big = keel("diff");
    expect(big.status).toBe(1);
    expect(big.stdout).toMatch(/^hard: \+2001\/-1 lines in 2 files against HEAD/);
    expect(keel("diff", "--baseline", "nope").status).toBe(2);
    expect(keel("loops")).toMatchObject({ status: 0, stdout: "no open loops\n" });
  });
});

describe("orientation, preflight and budget", () => {
  it("describe the project and the cost of the brief", () => {
    writeFileSync(join(project, "AGENTS.md"), "# rules\n");
    const orientation = json("orientation");
    expect(orientation.conventions).toEqual(["AGENTS.md"]);
    expect(orientation.git).toMatchObject({ repo: true, head: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(orientation.contractRules).toBeGreaterThanOrEqual(12);
    expect(keel("orientation").stdout).toMatch(/^project {6}proj {2}/);

    const pre = keel("preflight");
    expect(pre.status, pre.stdout).toBe(0);
    expect(pre.stdout).toContain("ok    baseline:");
    const loose = mkdtempSync(join(root, "loose-"));
    const outside = runKeel(["preflight", "--json"], { cwd: loose, env });
    expect(outside.status).toBe(1);
    expect(
      JSON.parse(outside.stdout).checks.find((c: { name: string }) => c.name === "repository"),
    ).toMatchObject({ ok: false });

    const budget = json("budget");
    expect(budget.briefChars).toBeGreaterThan(500);
    expect(budget.limits.contractChars).toBe(1800);
    // Seeds alone fit: nothing is cut, and the text says so.
    expect(budget.cuts).toEqual([]);
    expect(keel("budget").stdout).toContain("brief: nothing shortened or left out");
  });
});
