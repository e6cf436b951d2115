// keel batch from source: 1,000 mixed requests (good, failing and malformed) piped in one process, every answer
// checked in order against what that request must produce, over one store that later requests see.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";
import { type McpProject, mcpProject } from "../support/mcp.ts";

let world: McpProject;
beforeAll(() => {
  world = mcpProject();
});
afterAll(() => world.cleanup());

type Answer = { id: unknown; exit: number; result?: Record<string, unknown>; error?: string };
type Check = (answer: Answer) => void;

/** Request i of ten kinds, with the check its answer must pass; `state` tracks what the store holds by then. */
function request(i: number, state: { notes: number; records: number }): { line: string; check: Check } {
  const send = (command: string[]) => JSON.stringify({ id: i, command });
  switch (i % 10) {
    case 0: {
      state.notes += 1;
      const number = state.notes;
      return {
        line: send(["note", "decision", `note ${i}`]),
        check: (a) =>
          expect(a).toMatchObject({
            id: i,
            exit: 0,
            result: { entry: { text: `note ${i}`, number } },
          }),
      };
    }
    case 1:
      return {
        line: send(["screen", "rm -rf /"]),
        check: (a) => expect(a).toMatchObject({ id: i, exit: 1, result: { destructive: true } }),
      };
    case 2:
      return {
        line: send(["screen", "ls -la"]),
        check: (a) => expect(a).toMatchObject({ id: i, exit: 0, result: { destructive: false } }),
      };
    case 3:
      return {
        line: `{"id": ${i}, "command": [`,
        check: (a) =>
          expect(a).toMatchObject({ id: null, exit: 2, error: expect.stringContaining("not JSON") }),
      };
    case 4:
      return {
        line: send([`nope${i}`]),
        check: (a) =>
          expect(a).toMatchObject({
            id: i,
            exit: 2,
            error: expect.stringContaining(`unknown command 'nope${i}'`),
          }),
      };
    case 5: {
      state.records += 1;
      return {
        line: send(["memory", "record", "--title", `title ${i}`, "--body", `body ${i}`, "--kind", "fact"]),
        check: (a) =>
          expect(a).toMatchObject({
            id: i,
            exit: 0,
            result: { record: { title: `title ${i}`, origin: "owner" } },
          }),
      };
    }
    case 6: {
      const records = state.records;
      return {
        line: send(["memory", "status"]),
        check: (a) => expect(a).toMatchObject({ id: i, exit: 0, result: { records } }),
      };
    }
    case 7:
      return {
        line: JSON.stringify({ id: i, command: [], extra: true }),
        check: (a) =>
          expect(a).toMatchObject({ id: i, exit: 2, error: expect.stringMatching(/^bad request/) }),
      };
    case 8: {
      const last = `note ${i - 8}`;
      return {
        line: send(["journal", "-n", "1"]),
        check: (a) => expect(a).toMatchObject({ id: i, exit: 0, result: { entries: [{ text: last }] } }),
      };
    }
    default:
      return {
        line: JSON.stringify({ id: i, command: ["memory", "search", "x".repeat(70_000)] }),
        check: (a) => expect(a).toMatchObject({ id: i, exit: 2 }),
      };
  }
}

describe("keel batch", () => {
  it("answers 1,000 mixed requests one line each, in order, from one process", () => {
    const state = { notes: 0, records: 0 };
    const requests = Array.from({ length: 1000 }, (_, i) => request(i, state));
    const run = spawnSync(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "batch"], {
      cwd: world.project,
      env: world.env,
      input: `${requests.map((r) => r.line).join("\n")}\n`,
      encoding: "utf8",
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1000);
    lines.forEach((line, i) => {
      requests[i]?.check(JSON.parse(line) as Answer);
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("keel batch: 1000 requests, 500 did not exit 0");
  });

  it("--quiet prints no summary; a batch of good requests exits 0", () => {
    const run = spawnSync(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "batch", "--quiet"], {
      cwd: world.project,
      env: { ...world.env, NO_COLOR: "1" },
      input: `${JSON.stringify({ id: "a", command: ["screen", "ls"] })}\n\n${JSON.stringify({ command: ["journal"] })}\n`,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    const answers = run.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Answer);
    expect(answers.map((a) => [a.id, a.exit])).toEqual([
      ["a", 0],
      [null, 0],
    ]);
    expect(run.stdout).not.toContain("\u001b");
  });
});
