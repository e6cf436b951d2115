import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { badHeaderSession, sessionWith } from "../support/hostile-sessions.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("structural");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const keel = (args: string[]) => runKeel(args, { cwd: root, env });

const custom = (id: string, parentId: string, customType: string, data: unknown) => ({
  type: "custom",
  id,
  parentId,
  timestamp: "2026-02-01T10:00:05.000Z",
  customType,
  data,
});

describe("a session header with wrong field types", () => {
  it.each([
    ["cwd is a number", { cwd: 42 }],
    ["cwd is an object", { cwd: { path: "/x" } }],
    ["version is text and id a list", { version: "three", id: ["x"] }],
    ["timestamp is null", { timestamp: null }],
  ])("%s: compact, lookup and protect still work", (_name, header) => {
    const path = badHeaderSession(root, header);
    for (const args of [
      ["compact", path],
      ["lookup", "list", path],
      ["protect", path],
    ]) {
      const run = keel(args);
      expect(run.status, `${args[0]}: ${run.stderr}`).toBe(0);
      expect(run.stderr).not.toMatch(/unexpected failure|is not a function/);
    }
  });
});

describe("protect lifecycle entries of the wrong shape", () => {
  it.each([
    [
      "verified without lostIds and recoveredIds",
      "keel.protect.verified",
      { compactionId: "c1", at: "2026", preserved: 1, lost: 0, criticalFailures: 0 },
    ],
    [
      "verified with lostIds as text",
      "keel.protect.verified",
      {
        compactionId: "c1",
        at: "2026",
        preserved: 1,
        lost: 1,
        criticalFailures: 0,
        lostIds: "a",
        recoveredIds: [],
      },
    ],
    [
      "pending with snapshot items of the wrong shape",
      "keel.protect.pending",
      { v: 1, compactionId: "c1", snapshot: [{ id: 3 }] },
    ],
  ])("%s is skipped", (name, type, data) => {
    const path = sessionWith(root, `${name.replaceAll(" ", "-")}.jsonl`, [
      custom("a0000002", "a0000001", type, data),
    ]);
    const run = keel(["protect", path]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/unexpected failure|Cannot read properties/);
    expect(keel(["protect", path, "--json"]).status).toBe(0);
  });
});
