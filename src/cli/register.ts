// What a command file needs from the CLI framework: its registration signature and a way to report
// "a check failed" (exit 1) without throwing. Kept apart from program.ts so commands do not import it back.
import type { Command } from "commander";
import type { CommandContext } from "./context.ts";

export type ContextFactory = (command: Command) => CommandContext;
export type Register = (program: Command, context: ContextFactory) => void;

export function setExitCode(command: Command, code: number): void {
  (command as Command & { keelExitCode?: number }).keelExitCode = code;
}

export function exitCodeOf(command: Command): number | undefined {
  return (command as Command & { keelExitCode?: number }).keelExitCode;
}
