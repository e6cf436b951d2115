// The verb table that lets a run load only its own command (issue 23): each row lists the verb exactly as its
// module registers it (term and summary in `keel --help`), every registered verb has a row, `--help` lists them
// all without loading them, and plain `keel screen` (no commander) answers exactly as the full parser does.
import { Command, Help } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS, screenWords, verbOf } from "../../src/cli/commands.ts";
import { type CliIo, runCli } from "../../src/cli/program.ts";
import type { ContextFactory } from "../../src/cli/register.ts";
import { runProgram } from "../../src/cli/tree.ts";

const unused: ContextFactory = () => {
  throw new Error("registration alone must not build a context");
};

/** The visible verbs each row's module registers, by name. */
async function registered(): Promise<Map<string, Command>> {
  const found = new Map<string, Command>();
  for (const entry of COMMANDS) {
    const program = new Command("keel");
    (await entry.load())(program, unused);
    for (const command of program.commands) found.set(command.name(), command);
  }
  return found;
}

function collect(): { io: CliIo; text: () => { out: string; err: string } } {
  let out = "";
  let err = "";
  const io: CliIo = {
    write: {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
    },
  };
  return { io, text: () => ({ out, err }) };
}

describe("the verb table", () => {
  it("lists each verb with the term and summary its module registers", async () => {
    const real = await registered();
    const help = new Help();
    for (const entry of COMMANDS) {
      const command = real.get(entry.name);
      expect(command, entry.name).toBeDefined();
      expect(help.subcommandTerm(command!), entry.name).toBe(entry.term);
      expect(help.subcommandDescription(command!), entry.name).toBe(entry.summary);
    }
    expect([...real.keys()].sort()).toEqual(COMMANDS.map((entry) => entry.name).sort());
  });

  it("answers --help with every verb's term and summary", async () => {
    const { io, text } = collect();
    expect(await runCli(["--help"], io)).toBe(0);
    const flat = text().out.replace(/\s+/g, " ");
    for (const entry of COMMANDS) expect(flat).toContain(`${entry.term} ${entry.summary}`);
  });

  it("suggests a close verb for an unknown one", async () => {
    const { io, text } = collect();
    expect(await runCli(["statsu"], io)).toBe(2);
    expect(text().err).toContain("(Did you mean status?)");
  });

  it("finds the verb after global options and behind help", () => {
    expect(verbOf(["--json", "memory", "search", "x"])).toBe("memory");
    expect(verbOf(["help", "screen"])).toBe("screen");
    expect(verbOf(["--help"])).toBeUndefined();
  });
});

describe("plain keel screen", () => {
  it("takes only `screen [--json] <word…>` without options", () => {
    expect(screenWords(["screen", "rm -rf /"])).toEqual(["rm -rf /"]);
    expect(screenWords(["--json", "screen", "git", "status"])).toEqual(["git", "status"]);
    expect(screenWords(["screen"])).toBeUndefined();
    expect(screenWords(["screen", "--", "rm", "-rf", "/"])).toBeUndefined();
    expect(screenWords(["screen", "--help"])).toBeUndefined();
    expect(screenWords(["memory", "search", "screen"])).toBeUndefined();
  });

  it("prints and exits exactly as the full parser does", async () => {
    const argvs = [
      ["screen", "rm -rf /"],
      ["screen", "--json", "git push --force origin main"],
      ["--json", "screen", "ls"],
      ["screen", "echo", "hello \u001b[31m"],
    ];
    for (const argv of argvs) {
      const fast = collect();
      const full = collect();
      const fastCode = await runCli(argv, fast.io);
      const fullCode = await runProgram(argv, full.io);
      expect(screenWords(argv), argv.join(" ")).toBeDefined();
      expect({ code: fastCode, ...fast.text() }, argv.join(" ")).toEqual({ code: fullCode, ...full.text() });
    }
  });
});
