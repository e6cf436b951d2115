// The screen's cheap first look: a simple line (see syntax/simple-line.ts) whose every command is a tool that
// only reads or prints (ls, cat, grep, git status …), writing nowhere but /dev/null, is harmless without
// running the rules. Anything else, including every wrapper, shell, interpreter and redirection to a file,
// goes to the full screen. test/guard/screen-fast-path.test.ts checks the full screen agrees on the corpora.
import type { ParsedCommand } from "./syntax/commands.ts";
import { readSimpleLine } from "./syntax/simple-line.ts";

/** Tools that read and print and have no option that writes a file, deletes, or runs another command. */
const READ_ONLY = new Set([
  "ls",
  "pwd",
  "cat",
  "head",
  "tail",
  "wc",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "echo",
  "printf",
  "which",
  "whereis",
  "stat",
  "file",
  "du",
  "df",
  "uniq",
  "cut",
  "tr",
  "diff",
  "cmp",
  "comm",
  "jq",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "id",
  "whoami",
  "uname",
  "true",
  "false",
  "test",
  "sleep",
  "nl",
  "column",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "cksum",
]);

/** git subcommands that only read the repository (none of them takes an option that writes or deletes). */
const GIT_READS = new Set(["status", "log", "diff", "show", "rev-parse", "ls-files", "blame", "describe"]);
const SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);

/** The commands of a line proven harmless without the rules, or undefined when the rules must look. */
export function plainlyHarmless(line: string): ParsedCommand[] | undefined {
  const commands = readSimpleLine(line);
  if (!commands || commands.length === 0) return undefined;
  return commands.every(onlyReads) ? commands : undefined;
}

function onlyReads(command: ParsedCommand): boolean {
  const [name, ...args] = command.argv;
  if (name === undefined || command.stdin !== undefined) return false;
  if (!command.writesTo.every((target) => SINKS.has(target))) return false;
  if (READ_ONLY.has(name)) return true;
  return name === "git" && GIT_READS.has(args[0] ?? "") && !args.some((arg) => arg.startsWith("--output"));
}
