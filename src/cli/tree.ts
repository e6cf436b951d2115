// The commander program for one run: global options, the verb the argv names (only its module is loaded, from
// the table in commands.ts), or, when the argv names none or an unknown one, every verb as a listed stub so
// `--help` and the "unknown command" suggestion stay complete. Parse errors become exit code 2 with usage.
import { Command, CommanderError, Help } from "commander";
import { ExitCode } from "../core/errors.ts";
import { escapeControl } from "../core/terminal-text.ts";
import { KEEL_VERSION } from "../core/version.ts";
import { COMMANDS, findCommand, verbOf } from "./commands.ts";
import { createContext } from "./context.ts";
import type { Output } from "./output.ts";
import { type CliIo, outputFor } from "./program.ts";
import { type ContextFactory, exitCodeOf } from "./register.ts";

/** Parses `argv` with commander and runs the verb it names; returns the exit code, never throws. */
export async function runProgram(argv: string[], io: CliIo): Promise<number> {
  const out = outputFor(argv, io);
  let exitCode: number = ExitCode.ok;
  try {
    const program = await buildProgram(argv, io, (code) => {
      exitCode = code;
    });
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(error, out);
    return (await import("./failure.ts")).reportFailure(error, out, io);
  }
}

async function buildProgram(argv: string[], io: CliIo, setExit: (code: number) => void): Promise<Command> {
  const program = new Command("keel")
    .description("keel keeps a Pi coding agent's context on course across long sessions")
    .version(
      KEEL_VERSION,
      "-v, --version",
      "print keel's version (with --json: commit, build date, Bun, target)",
    )
    .option("--json", "print machine-readable JSON")
    .option("--no-color", "no colour, even on a terminal (NO_COLOR does the same)")
    .showHelpAfterError("(keel <command> --help shows its usage)")
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: io.write.out,
      writeErr: io.write.err,
      outputError: (text, write) => write(commanderError(text)),
    });
  program.command("help [command]", { hidden: true }).action((name?: string) => {
    const target = name ? program.commands.find((c) => c.name() === name) : undefined;
    (target ?? program).outputHelp();
  });
  const contextFor: ContextFactory = (command) => {
    const json = Boolean(command.optsWithGlobals().json);
    return createContext(outputFor(json ? [...argv, "--json"] : argv, io), process.cwd(), io.shared);
  };
  const entry = findCommand(verbOf(argv));
  if (entry) {
    (await entry.load())(program, contextFor);
    const verb = program.commands.find((c) => c.name() === entry.name);
    if (verb && entry.examples?.length)
      verb.addHelpText("after", `\nExamples:\n${entry.examples.map((line) => `  ${line}`).join("\n")}`);
  } else addStubs(program);
  program.hook("postAction", (_parent, action) => {
    const code = exitCodeOf(action);
    if (code !== undefined) setExit(code);
  });
  return program;
}

/** Every verb as a name and summary only, listed in help with the term from the table. */
function addStubs(program: Command): void {
  const terms = new Map<Command, string>();
  for (const entry of COMMANDS) terms.set(program.command(entry.name).description(entry.summary), entry.term);
  const standard = new Help();
  program.configureHelp({ subcommandTerm: (cmd) => terms.get(cmd) ?? standard.subcommandTerm(cmd) });
}

/** A commander parse error: control characters escaped and each line cut, so an echoed argument stays short. */
function commanderError(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : escapeControl(line.length > 400 ? `${line.slice(0, 399)}…` : line)))
    .join("\n");
}

function commanderExit(error: CommanderError, out: Output): number {
  if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return ExitCode.ok;
  if (error.code === "commander.help") return ExitCode.ok;
  if (out.json) out.error(error.message.replace(/^error: /, ""));
  return ExitCode.usage;
}
