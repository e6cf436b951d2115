import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, REPO_ROOT, runKeel } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("lookup-cli");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const small = join(REPO_ROOT, "test/fixtures/sessions/small-hand.jsonl");
const keel = (args: string[]) => runKeel(args, { cwd: root, env });

describe("keel lookup", () => {
  it("lists entries with previews and a continuation cursor", () => {
    const run = keel(["lookup", "entries", small, "--limit", "3"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^a0000001 {2}user {2}2026-02-01T10:00:01.000Z {2}\d+ chars {2}Why does the build fail\?/,
    );
    expect(run.stdout).toContain("(more: --cursor e:3)");
    const json = JSON.parse(keel(["lookup", "entries", small, "--cursor", "e:3", "--json"]).stdout);
    expect(json).toMatchObject({ ok: true, total: 9, nextCursor: null });
    expect(json.entries[0].id).toBe("a0000004");
  });

  it("greps with entry attribution that spoofed headers cannot change", () => {
    const run = keel(["lookup", "grep", small, "PLANTED-SYMBOL", "-B", "2", "-A", "0"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^== ENTRY a0000003 {2}toolResult/);
    expect(run.stdout).toContain(">  error: undefined symbol PLANTED-SYMBOL-7");
    const json = JSON.parse(keel(["lookup", "grep", small, "planted-reason", "--json"]).stdout);
    expect(json.matches[0]).toMatchObject({ entryId: "a0000002", role: "assistant" });
    expect(keel(["lookup", "grep", small, "(bad"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/invalid pattern: .*missing closing \)/),
    });
  });

  it("shows an entry in full and fails clearly on an unknown id", () => {
    const run = keel(["lookup", "entry", small, "a0000002"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("[thinking]\nThe linker flag PLANTED-REASON-42 is probably wrong.");
    expect(keel(["lookup", "entry", small, "nope"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/no entry nope/),
    });
  });

  it("still answers to the old verbs list and show, which help does not name", () => {
    const pairs: Array<[string[], string[]]> = [
      [
        ["entries", small, "--json"],
        ["list", small, "--json"],
      ],
      [
        ["entry", small, "a0000002", "--json"],
        ["show", small, "a0000002", "--json"],
      ],
    ];
    for (const [now, old] of pairs) {
      const current = keel(["lookup", ...now]);
      expect(current.status).toBe(0);
      expect(keel(["lookup", ...old])).toMatchObject({ status: 0, stdout: current.stdout });
    }
    const help = keel(["lookup", "--help"]).stdout;
    expect(help).toMatch(/^ {2}entries \[options\] <session>/m);
    expect(help).toMatch(/^ {2}entry \[options\] <session> <entryId>/m);
    expect(help).not.toMatch(/^ {2}(list|show)\b/m);
  });
});
