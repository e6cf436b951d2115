import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseInteger } from "../../src/cli/parse.ts";
import { UserError } from "../../src/core/errors.ts";
import { isolatedEnv, REPO_ROOT, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("int-options");
const project = join(root, "proj");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const keel = (...args: string[]) => runKeel(args, { cwd: project, env });
const session = join(REPO_ROOT, "test/fixtures/sessions/small-hand.jsonl");

beforeAll(() => initRepo(project));

describe("parseInteger", () => {
  const range = { min: 1, max: 900 };

  it.each(["", " ", "-0", "0x10", "+5", "1e3", "1.0", " 5", "5 ", "12345678901234567890", "\u001b[2J"])(
    "rejects %j with the range in the message",
    (text) => {
      expect(() => parseInteger("--timeout", text, range)).toThrow(UserError);
      expect(() => parseInteger("--timeout", text, range)).toThrow(
        /--timeout needs a whole number from 1 to 900/,
      );
    },
  );

  it("rejects values outside the range and accepts the bounds", () => {
    expect(() => parseInteger("--timeout", "0", range)).toThrow(/from 1 to 900, got "0"/);
    expect(() => parseInteger("--timeout", "901", range)).toThrow(/from 1 to 900, got "901"/);
    expect(parseInteger("--timeout", "1", range)).toBe(1);
    expect(parseInteger("--timeout", "900", range)).toBe(900);
    expect(parseInteger("--port", "0", { min: 0, max: 65535 })).toBe(0);
  });

  it("never echoes a control character or an unbounded value", () => {
    const error = (() => {
      try {
        parseInteger("--limit", `\u001b]0;title\u0007${"9".repeat(500)}`, range);
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return "";
    })();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the message must not carry raw control characters
    expect(error).not.toMatch(/[\u0000-\u001f]/);
    expect(error.length).toBeLessThan(160);
  });
});

describe("every whole-number option uses it", () => {
  it("keeps the memory quota when --max-bytes is empty", () => {
    const before = JSON.parse(keel("memory", "policy", "--json").stdout).maxBytes;
    const empty = keel("memory", "policy", "--max-bytes", "");
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/--max-bytes needs a whole number from 1 to/);
    expect(keel("memory", "policy", "--max-bytes", "0").status).toBe(2);
    expect(JSON.parse(keel("memory", "policy", "--json").stdout).maxBytes).toBe(before);
    expect(keel("memory", "record", "--title", "still works", "--body", "x", "-k", "note").status).toBe(0);
  });

  it("rejects verify --timeout 0 and 901 instead of clamping them", () => {
    for (const value of ["0", "901"]) {
      const run = keel("verify", "true", "--timeout", value);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/--timeout needs a whole number from 1 to 900/);
    }
    expect(JSON.parse(keel("evidence", "--json").stdout).evidence).toEqual([]);
  });

  it.each([
    ["lookup", "list", session, "--limit", ""],
    ["lookup", "grep", session, "x", "-B", "-0"],
    ["lookup", "show", session, "e1", "--max-lines", "99999"],
    ["memory", "search", "deploy", "-n", "+5"],
    ["memory", "cleanup", "plan", "--free", "0x10"],
    ["compact", session, "--cap", "10%", "--window", "12345678901234567890"],
    ["journal", "-n", " "],
    ["status", "-n", "0"],
    ["evidence", "-0"],
    ["ui", "--port", "65536"],
  ])("keel %s %s … exits 2 naming the range", (...args) => {
    const run = keel(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/needs a whole number from \d+ to \d+, got /);
  });
});
