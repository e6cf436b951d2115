// The screen's fast path: simple lines are read in one pass into exactly the commands the shell grammar gives,
// a line of read-only commands is answered without the rules only where the full screen agrees, lines with
// expansions or compound syntax still go to the grammar, and screening simple lines never loads the grammar.
import { describe, expect, it, vi } from "vitest";
import { plainlyHarmless } from "../../src/guard/destructive/fast-path.ts";
import { PACKS } from "../../src/guard/destructive/packs/index.ts";
import { explainInFull, screenCommand } from "../../src/guard/destructive/screen.ts";
import type { ParsedCommand } from "../../src/guard/destructive/syntax/index.ts";
import { readCommands, readCommandsByGrammar } from "../../src/guard/destructive/syntax/index.ts";
import { readSimpleLine } from "../../src/guard/destructive/syntax/simple-line.ts";
import oldCorpus from "../fixtures/guard/commands.json" with { type: "json" };
import { loadScreenCorpus } from "../support/screen-corpus.ts";

const EVERYDAY = [
  "ls -la",
  "git status",
  "git diff --stat HEAD~1",
  "cat package.json | jq .scripts",
  "grep -rn 'TODO' src | head -20",
  'rg -n "fn main" --type rust 2>/dev/null',
  "wc -l src/*.ts",
  "FOO=bar echo hi",
  "npm test",
  "du -sh node_modules && df -h .",
];

const lines = [
  ...new Set([
    ...loadScreenCorpus().map(({ command }) => command),
    ...oldCorpus.dangerous,
    ...oldCorpus.benign,
    ...PACKS.flatMap((pack) => pack.rules.flatMap((rule) => [...rule.dangerous, ...rule.harmless])),
    ...EVERYDAY,
  ]),
];

function shape(commands: ParsedCommand[]) {
  return commands.map(({ argv, writesTo, truncates, piped, stdin }) => ({
    argv,
    writesTo,
    truncates,
    piped,
    stdin,
  }));
}

describe("screen fast path", () => {
  it("never loads the shell grammar for simple lines", async () => {
    vi.resetModules();
    const fresh = await import("../../src/guard/destructive/screen.ts");
    const grammar = await import("../../src/guard/destructive/syntax/parse-shell.ts");
    for (const line of [...EVERYDAY, "rm -rf ~", "git reset --hard", "kubectl delete ns prod"])
      fresh.screenCommand(line);
    expect(grammar.grammarLoaded()).toBe(false);
    expect(fresh.screenCommand("x=rm; $x -rf ~").destructive).toBe(true);
    expect(grammar.grammarLoaded()).toBe(true);
  });

  it("reads every simple corpus line exactly as the grammar does", () => {
    const simple = lines.filter((line) => readSimpleLine(line) !== undefined);
    expect(simple.length).toBeGreaterThan(lines.length / 2);
    const differing = simple.filter(
      (line) =>
        JSON.stringify(shape(readCommands(line))) !== JSON.stringify(shape(readCommandsByGrammar(line))),
    );
    expect(differing).toEqual([]);
  });

  it("answers without the rules only lines the full screen also lets pass", () => {
    const plain = lines.filter((line) => plainlyHarmless(line) !== undefined);
    expect(plain.length).toBeGreaterThan(20);
    expect(plain.filter((line) => explainInFull(line).result.destructive)).toEqual([]);
    for (const line of EVERYDAY.filter((line) => line !== "npm test" && !line.startsWith("FOO")))
      expect(plainlyHarmless(line), line).toBeDefined();
  });

  it("sends expansions, substitutions, escapes and compound commands to the grammar", () => {
    for (const line of [
      "x=rm; $x -rf ~",
      'rm -rf "$(pwd)"',
      "rm -rf `pwd`",
      "\\rm -rf ~",
      "(cd / && rm -rf *)",
      "if true; then rm -rf ~; fi",
      "f() { rm -rf ~; }; f",
      "export X=1",
      "cat <<EOF\nrm\nEOF",
      "ls # comment",
      "echo 'unterminated",
      "ls &&",
      "| ls",
    ])
      expect(readSimpleLine(line), line).toBeUndefined();
  });

  it("still catches destructive commands written simply", () => {
    for (const line of [
      "rm -rf ~",
      "cat /dev/zero > /dev/sda",
      "ls | xargs rm -rf",
      "echo y > ~/.ssh/id_rsa",
    ])
      expect(screenCommand(line).destructive, line).toBe(true);
  });
});
