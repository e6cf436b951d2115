// What a command file needs from the CLI framework: its registration signature, its verb with the summary from
// the one verb table (commands.ts), and a way to report "a check failed" (exit 1) without throwing. Kept apart
// from program.ts so commands do not import it back.
import type { Command } from "commander";
import { findCommand } from "./commands.ts";
import type { CommandContext } from "./context.ts";

export type ContextFactory = (command: Command) => CommandContext;
export type Register = (program: Command, context: ContextFactory) => void;

/** A top-level verb, described by its row in commands.ts (one summary for `keel --help` and its own help). */
export function addVerb(program: Command, name: string): Command {
  return program.command(name).description(findCommand(name)?.summary ?? "");
}

export function setExitCode(command: Command, code: number): void {
  (command as Command & { keelExitCode?: number }).keelExitCode = code;
}

export function exitCodeOf(command: Command): number | undefined {
  return (command as Command & { keelExitCode?: number }).keelExitCode;
}
