// `keel screen "<cmd>"`: classifies a shell command without running it; exit 1 with the rule when destructive.
// Hosts call it once per agent tool call, so its plain form (`keel screen [--json] <word…>`) skips commander:
// program.ts calls printScreen directly when screenWords() (commands.ts) accepts the argv.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { screenCommand } from "../guard/destructive/screen.ts";
import type { Output } from "./output.ts";
import { type Register, setExitCode } from "./register.ts";

export const registerScreen: Register = (program, contextFor) => {
  program
    .command("screen")
    .description("tell whether a shell command is destructive, without running it (exit 1 when it is)")
    .argument("<command...>", "the command line; quote it as one argument")
    .action((words: string[], _options: unknown, command: Command) => {
      setExitCode(command, printScreen(words, contextFor(command).out));
    });
};

/** Screens the command line the words make and prints the finding; returns the exit code (1 when destructive). */
export function printScreen(words: string[], out: Output): number {
  const line = words.join(" ");
  const result = screenCommand(line);
  out.result(
    { command: line, ...result },
    result.destructive
      ? `destructive (${result.rule}): ${result.reason}\n  in: ${result.segment}`
      : "not destructive",
  );
  return result.destructive ? ExitCode.checkFailed : ExitCode.ok;
}
