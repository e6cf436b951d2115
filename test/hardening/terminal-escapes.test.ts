import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { escapeSession } from "../support/hostile-sessions.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("escapes");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const repo = initRepo(join(root, "repo"));
const keel = (args: string[]) => runKeel(args, { cwd: repo, env });
const EVIL = "\u001b]0;pwned\u0007\u001b[2J\u009b31m";
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for raw control characters is the point.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("terminal output is escaped", () => {
  const session = escapeSession(root);
  it.each([
    ["compact", ["compact", session]],
    ["lookup list", ["lookup", "list", session]],
    ["lookup grep", ["lookup", "grep", session, "hello"]],
    ["lookup show", ["lookup", "show", session, "a0000001"]],
    ["lookup show of an unknown id", ["lookup", "show", session, `x${EVIL}`]],
    ["protect", ["protect", session]],
    ["note", ["note", "note", `text ${EVIL}`]],
    ["verify", ["verify", `printf 'out \\033]0;t\\007 \\033[2J'`]],
    ["unknown option", ["lookup", `--${EVIL}`]],
    ["unknown command", [`x${EVIL}`]],
    ["bad number", ["journal", "-n", EVIL]],
    ["missing file", ["compact", join(root, `none${EVIL}.jsonl`)]],
  ])("%s", (_name, args) => {
    const run = keel(args);
    expect(run.status).not.toBeNull();
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    expect(keel([...args, "--json"]).stdout).not.toMatch(RAW_CONTROL);
  });

  it("cuts an argument echoed in an error", () => {
    const run = keel(["compact", join(root, `${"a".repeat(100_000)}.jsonl`)]);
    expect(run.status).toBe(2);
    expect(run.stderr.length).toBeLessThan(1000);
  });
});
