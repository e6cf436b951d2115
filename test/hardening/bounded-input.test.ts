// Unbounded work refused: non-regular files (FIFO, /dev/zero) get one sentence and exit 2 without reading;
// oversized inputs are refused before they are read whole; 100k-deep tool arguments and a million-line entry
// render within bounds instead of overflowing the stack.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { deepArgumentsSession, manyLinesSession } from "../support/hostile-sessions.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("bounded");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const repo = initRepo(join(root, "repo"));
const keel = (args: string[]) => runKeel(args, { cwd: repo, env });
const fifo = join(root, "pipe");
execFileSync("mkfifo", [fifo]);

/** One line on stderr, naming the input, with exit 2. */
function expectRefused(run: ReturnType<typeof keel>, pattern: RegExp): void {
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr.trim().split("\n")[0]).toMatch(pattern);
}

describe("non-regular and oversized inputs", () => {
  it.each([
    ["compact", ["compact", "/dev/zero"]],
    ["compact on a FIFO", ["compact", fifo]],
    ["lookup list on a FIFO", ["lookup", "list", fifo]],
    [
      "memory record --body-file /dev/zero",
      ["memory", "record", "-k", "note", "--title", "t", "--body-file", "/dev/zero"],
    ],
    [
      "memory record --body-file FIFO",
      ["memory", "record", "-k", "note", "--title", "t", "--body-file", fifo],
    ],
    [
      "memory cleanup apply --proposal FIFO",
      ["memory", "cleanup", "apply", "--token", "t", "--proposal", fifo],
    ],
  ])("%s is refused without reading", (_name, args) => {
    expectRefused(keel(args), /not a regular file/);
  });

  it("ignores a team contract file that is a FIFO, saying so, instead of blocking", () => {
    const dir = join(repo, ".keel");
    mkdirSync(dir, { recursive: true });
    execFileSync("mkfifo", [join(dir, "contract.json")]);
    const run = keel(["contract", "list"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ignored: .*contract file .* is not a regular file/);
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a body file over the record limit before reading it", () => {
    const big = join(root, "big.txt");
    writeFileSync(big, "x".repeat(2 * 1024 * 1024));
    expectRefused(
      keel(["memory", "record", "-k", "note", "--title", "t", "--body-file", big]),
      /big\.txt.*(limit|at most)/,
    );
  });

  it("refuses a proposal that is not keel's, without echoing its content", () => {
    const shadow = join(root, "shadow");
    writeFileSync(shadow, "root:$6$secretsalt$hash:19000:0:99999:7:::\n");
    const run = keel(["memory", "cleanup", "apply", "--token", "t", "--proposal", shadow]);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain("root");
    expect(run.stderr).toMatch(/shadow/);
  });
});

describe("hostile session files render within bounds", () => {
  it("lookup show on tool arguments nested 100k deep", () => {
    const path = deepArgumentsSession(root, 100_000);
    const run = keel(["lookup", "show", path, "a0000002"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("[toolCall] bash");
    expect(run.stdout.length).toBeLessThan(200_000);
    expect(keel(["lookup", "grep", path, "deep"]).status).toBe(0);
  });

  it("lookup show and grep on an entry of a million lines", () => {
    const path = manyLinesSession(root, 1_000_000);
    expect(keel(["lookup", "list", path]).status).toBe(0);
    const grep = keel(["lookup", "grep", path, "start|x", "--json"]);
    expect(grep.status, grep.stderr).toBe(0);
  });

  it("compact on both", () => {
    for (const path of [deepArgumentsSession(root, 100_000), manyLinesSession(root, 1_000_000)]) {
      // Capped so the checkpoint fits the harness's output buffer; uncapped it is about the input's size.
      const run = keel(["compact", path, "--cap", "20000chars"]);
      // 1 is a partial checkpoint (a damaged or capped input), still an answer; a crash would be 2.
      expect([0, 1], run.stderr).toContain(run.status);
      expect(run.stderr).not.toMatch(/unexpected failure/);
      expect(run.stdout.length).toBeGreaterThan(0);
    }
  });
});
