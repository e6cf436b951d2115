// `keel compact` as a user runs it: checkpoint text, --json, caps, --at, damaged files and exit codes.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, REPO_ROOT, runKeel } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("compact-cli");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const fixture = (name: string) => join(REPO_ROOT, "test/fixtures/sessions", name);
const keel = (args: string[]) => runKeel(args, { cwd: root, env });

describe("keel compact", () => {
  it("replays the last compaction of a session as a verbatim checkpoint", () => {
    const run = keel(["compact", fixture("small-hand.jsonl")]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("# keel checkpoint 1 (verbatim");
    expect(run.stdout).toContain('[Tool call] bash(command="cd . && make build") [error]');
    expect(run.stdout).toContain('[Custom message] type="other.reminder" (content removed)');
    expect(run.stdout).not.toMatch(/PLANTED|hidden reminder body|spoofed/);
    expect(run.stdout).toContain("[keel: resuming after checkpoint 1]");
    expect(run.stderr).toMatch(/last-compaction boundary at a0000006/);
  });

  it("prints one JSON document with the boundary, stats and details", () => {
    const run = keel(["compact", fixture("generated-300.jsonl"), "--json", "--cap", "2000t"]);
    expect(run.status).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data).toMatchObject({
      ok: true,
      partial: false,
      boundary: { source: "last-compaction" },
      problems: [],
    });
    expect(data.details.keel).toMatchObject({ strategy: "verbatim", version: 1, cap: { limitChars: 8000 } });
    expect(data.summary.length).toBeLessThanOrEqual(8000);
    expect(data.summary).toContain('trimmed="true"');
  });

  it("cuts at a given entry, and needs --window for a percent cap", () => {
    const at = keel(["compact", fixture("small-hand.jsonl"), "--at", "a0000009", "--json"]);
    expect(at.status).toBe(0);
    expect(JSON.parse(at.stdout).boundary).toMatchObject({
      source: "given-entry",
      firstKeptEntryId: "a0000009",
      isSplitTurn: false,
    });
    // a0000004 lies before the last compaction's kept entry: nothing is left to compact there.
    const before = keel(["compact", fixture("small-hand.jsonl"), "--at", "a0000004"]);
    expect(before.status).toBe(2);
    expect(before.stderr).toMatch(/nothing is left to compact before a0000004/);
    const pct = keel(["compact", fixture("small-hand.jsonl"), "--cap", "10%"]);
    expect(pct.status).toBe(2);
    expect(pct.stderr).toMatch(/--window/);
    expect(keel(["compact", fixture("small-hand.jsonl"), "--cap", "10%", "--window", "8000"]).status).toBe(0);
    expect(keel(["compact", fixture("small-hand.jsonl"), "--cap", "huge"]).status).toBe(2);
  });

  it("labels a damaged file's checkpoint partial and exits 1", () => {
    const run = keel(["compact", fixture("corrupt.jsonl")]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^\[PARTIAL CHECKPOINT/);
    expect(run.stdout).toContain("Partial checkpoint: first kept entry b0000003 is not on the branch");
    expect(run.stderr).toMatch(/line 4 is not valid JSON/);
    expect(run.stderr).toMatch(/unknown type "hologram"/);
    expect(run.stderr).toMatch(/last line 8 is incomplete/);
    const json = JSON.parse(keel(["compact", fixture("corrupt.jsonl"), "--json"]).stdout);
    expect(json).toMatchObject({ ok: true, partial: true });
    expect(json.problems).toHaveLength(3);
  });

  it("rejects a missing file, a non-session file and an unknown entry with exit 2", () => {
    expect(keel(["compact", join(root, "none.jsonl")])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/does not exist/),
    });
    const junk = join(root, "junk.jsonl");
    writeFileSync(junk, "hello\nworld\n");
    expect(keel(["compact", junk])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/not a pi session file/),
    });
    const unknown = keel(["compact", fixture("small-hand.jsonl"), "--at", "zzz", "--json"]);
    expect(unknown.status).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ ok: false, error: expect.stringMatching(/zzz/) });
  });

  it("documents its boundary choice in --help", () => {
    const help = keel(["compact", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/replays the last compaction/);
  });
});
