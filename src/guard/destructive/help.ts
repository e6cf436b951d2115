// Asking a tool about itself is never destructive: `--help`, `-help`, Windows' `/?`, `--version`, a trailing `-h` (for tools
// where -h means help), and the AWS CLI's trailing `help`. `man`, `which`, `type` and `command -v` never run
// the tool, so they need no rule here (`command -v` is inert in the wrapper specs).

const HELP_WORDS = new Set(["--help", "-help", "--usage", "/?", "-?"]);
/** `--version` asks for the tool's version only as the last word (`cargo yank --version 1.0.0` is a value). */
const VERSION_WORDS = new Set(["--version", "-version"]);
/** Tools where a trailing -h is an ordinary flag (no-dereference, human-readable sizes), not a help request. */
const H_IS_A_FLAG = new Set(["chown", "chgrp", "rsync", "sort", "du", "df", "ls", "ln", "tar", "cp", "free"]);

export function asksForHelp(argv: string[]): boolean {
  const [name, ...args] = argv;
  if (name === undefined) return false;
  const dash = args.indexOf("--");
  const options = dash >= 0 ? args.slice(0, dash) : args;
  if (options.some((arg) => HELP_WORDS.has(arg))) return true;
  if (VERSION_WORDS.has(options.at(-1) ?? "")) return true;
  if (options.at(-1) === "-h" && !H_IS_A_FLAG.has(name)) return true;
  return name === "aws" && args.at(-1) === "help";
}
