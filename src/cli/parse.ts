// Shared argument parsing for commands: whole numbers with a clear usage error (exit 2).
import type { Command } from "commander";

export function parseCount(command: Command, name: string, value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed)) {
    command.error(`${name} needs a whole number, got "${value}"`, { exitCode: 2 });
  }
  return parsed;
}
