// `keel screen "<cmd>"`: classifies a shell command without running it; exit 1 with the rule when destructive.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { screenCommand } from "../guard/destructive/screen.ts";
import { type Register, setExitCode } from "./register.ts";

export const registerScreen: Register = (program, contextFor) => {
  program
    .command("screen")
    .description("tell whether a shell command is destructive, without running it (exit 1 when it is)")
    .argument("<command...>", "the command line; quote it as one argument")
    .action((words: string[], _options: unknown, command: Command) => {
      const ctx = contextFor(command);
      const line = words.join(" ");
      const result = screenCommand(line);
      ctx.out.result(
        { command: line, ...result },
        result.destructive
          ? `destructive (${result.rule}): ${result.reason}\n  in: ${result.segment}`
          : "not destructive",
      );
      setExitCode(command, result.destructive ? ExitCode.checkFailed : ExitCode.ok);
    });
};
