// `keel screen "<cmd>"`: classifies a shell command without running it; exit 1 with the pack, rule, reason
// and safer alternative when destructive; `--explain` also shows the commands the line runs as parsed.
// `keel hook claude`: the same screen behind Claude Code's PreToolUse hook protocol (JSON on stdin/stdout).
// Hosts call screen once per agent tool call, so its plain form (`keel screen [--json] <word…>`) skips commander:
// program.ts calls printScreen directly when screenWords() (commands.ts) accepts the argv.

import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { answerClaudeHook } from "../guard/destructive/hooks/claude.ts";
import { screenOptionsFor } from "../guard/destructive/project-view.ts";
import { explainScreen, type ScreenExplanation } from "../guard/destructive/screen.ts";
import { type Output, terminalJson } from "./output.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

const HOOK_INPUT_MAX_BYTES = 1024 * 1024;

export const registerScreen: Register = (program, contextFor) => {
  addVerb(program, "screen")
    .argument("<command...>", "the command line; quote it as one argument")
    .option("--explain", "show the commands the line runs, the pack, the rule and a safer alternative")
    .option("--cwd <dir>", "judge deletes against this folder's git status (default: text only)")
    .action((words: string[], options: { explain?: boolean; cwd?: string }, command: Command) => {
      setExitCode(command, printScreen(words, contextFor(command).out, options));
    });
  addVerb(program, "hook")
    .argument("<host>", "the host whose protocol to speak: claude")
    .option(
      "--allow-safe",
      "answer allow for commands that pass (default: no decision, the host's rules apply)",
    )
    .action((host: string, options: { allowSafe?: boolean }, command: Command) => {
      const ctx = contextFor(command);
      if (host !== "claude") {
        ctx.out.error(`no hook protocol for "${host}"`, "supported: claude");
        setExitCode(command, ExitCode.usage);
        return;
      }
      const input = readFileSync(0, "utf8");
      const answer =
        input.length > HOOK_INPUT_MAX_BYTES
          ? ({ ok: false, reason: "the hook input is over 1 MB" } as const)
          : answerClaudeHook(input, options.allowSafe === true);
      if (!answer.ok) {
        ctx.out.error(answer.reason);
        setExitCode(command, ExitCode.usage);
        return;
      }
      if (answer.value.output) ctx.out.result(answer.value.output, terminalJson(answer.value.output));
      setExitCode(command, ExitCode.ok);
    });
};

function parseLines({ commands }: ScreenExplanation): string[] {
  return [
    "commands, as parsed:",
    ...commands.map(
      ({ argv, unknowable }) =>
        `  ${argv.join(" ") || "(assignment)"}${unknowable ? `  [${unknowable}]` : ""}`,
    ),
  ];
}

function verdictLines({ result }: ScreenExplanation, out: Output): string[] {
  if (!result.destructive) return [out.tone("ok", "not destructive")];
  return [
    `${out.tone(result.verdict === "deny" ? "fail" : "warn", "destructive")} (${result.pack}/${result.rule}, ${result.verdict}): ${result.reason}`,
    `  in: ${result.segment}`,
    `  safer: ${result.alternative}`,
  ];
}

/** Screens the command line the words make and prints the finding; returns the exit code (1 when destructive). */
export function printScreen(
  words: string[],
  out: Output,
  options: { explain?: boolean; cwd?: string } = {},
): number {
  const line = words.join(" ");
  const explained = explainScreen(line, options.cwd ? screenOptionsFor(options.cwd) : {});
  const { result } = explained;
  out.result(
    options.explain
      ? { command: line, ...result, commands: explained.commands }
      : { command: line, ...result },
    [...(options.explain ? parseLines(explained) : []), ...verdictLines(explained, out)],
  );
  return result.destructive ? ExitCode.checkFailed : ExitCode.ok;
}
