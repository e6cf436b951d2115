// Splits a shell command line into simple commands (argv plus redirections and stdin text) with shell-quote,
// so rules look at real words: quoted text stays one argument and `$(…)`/backticks are opened up.
// splitCommands also opens `sh -c` payloads and `eval`; the screen opens every other wrapper itself.
import { parse } from "shell-quote";
import { heredocBody, normalizeLine } from "./shell-text.ts";
import { openWrapper, wrapperAt } from "./wrapper-specs.ts";

export interface SimpleCommand {
  argv: string[];
  /** Output redirection targets (`>`, `>>`, `>|`, `&>`). */
  writesTo: string[];
  /** The subset of writesTo opened for truncation (`>`, `>|`, `&>`), not for appending. */
  truncates: string[];
  /** Text this command reads on stdin when the line shows it: a here-document, a here-string, piped echo. */
  stdin?: string;
  /** True when this command reads the previous one's output through a pipe. */
  piped: boolean;
}

const SEPARATORS = new Set([";", "&&", "||", "&", "(", ")", "<(", ">(", ";;", "|&", "|"]);
const TRUNCATING = new Set([">", ">|", "&>"]);
const APPENDING = new Set([">>", "&>>"]);
/** Words that open or close a compound command; the simple command starts after them. */
export const RESERVED_WORDS = new Set([
  "{",
  "}",
  "!",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "ash"]);
const MAX_DEPTH = 4;

type Token = ReturnType<typeof parse>[number];
type Pending = "write" | "truncate" | "read" | "stdin" | "skip" | null;

function emptyCommand(piped: boolean): SimpleCommand {
  return { argv: [], writesTo: [], truncates: [], piped };
}

/** The simple commands of the line as written, then those of its substitutions (to MAX_DEPTH levels). */
export function parseCommands(line: string, depth = 0): SimpleCommand[] {
  const { text, heredocs, substitutions } = normalizeLine(line);
  const commands: SimpleCommand[] = [];
  let current = emptyCommand(false);
  let pending: Pending = null;
  const flush = (piped: boolean) => {
    if (current.argv.length > 0 || current.writesTo.length > 0 || current.stdin !== undefined)
      commands.push(current);
    current = emptyCommand(piped);
  };
  for (const token of parse(text, (name) => `$${name}`) as Token[]) {
    if (typeof token === "string" || "pattern" in token) {
      const word = typeof token === "string" ? token : token.pattern;
      pending = take(current, pending, word, heredocs);
      continue;
    }
    if ("comment" in token) break;
    if (!("op" in token)) continue;
    pending = null;
    const op: string = token.op;
    if (TRUNCATING.has(op) || APPENDING.has(op) || op === ">&" || op === "<") dropFdNumber(current);
    if (TRUNCATING.has(op)) pending = "truncate";
    else if (APPENDING.has(op)) pending = "write";
    else if (op === ">&") pending = "skip";
    else if (op === "<") pending = "read";
    else if (op === "<<<") pending = "stdin";
    else if (SEPARATORS.has(op)) flush(op === "|" || op === "|&");
  }
  flush(false);
  const inner = depth < MAX_DEPTH ? substitutions.flatMap((script) => parseCommands(script, depth + 1)) : [];
  return [...withPipedText(commands), ...inner];
}

function take(command: SimpleCommand, pending: Pending, word: string, heredocs: string[]): Pending {
  if (pending === "truncate" || pending === "write") {
    command.writesTo.push(word);
    if (pending === "truncate") command.truncates.push(word);
  } else if (pending === "stdin") {
    const body = heredocBody(word, heredocs);
    command.stdin = command.stdin === undefined ? body : `${command.stdin}\n${body}`;
  } else if (pending === null && word !== "$") {
    command.argv.push(word);
  }
  return null;
}

/** `echo "FLUSHALL" | redis-cli`, `cat <<EOF | psql`: the text a piped command reads. */
function withPipedText(commands: SimpleCommand[]): SimpleCommand[] {
  commands.forEach((command, i) => {
    const previous = commands[i - 1];
    if (!command.piped || command.stdin !== undefined || !previous) return;
    const [head, ...rest] = previous.argv;
    const name = basename(head ?? "");
    if (name === "echo" || name === "printf")
      command.stdin = rest.filter((w) => !/^-[neE]+$/.test(w)).join(" ");
    else if (name === "cat" && rest.length === 0 && previous.stdin !== undefined)
      command.stdin = previous.stdin;
  });
  return commands;
}

/** Every simple command in the line, including those nested in `sh -c` payloads and `eval`. */
export function splitCommands(line: string, depth = 0): SimpleCommand[] {
  const commands = parseCommands(line);
  return depth >= MAX_DEPTH ? commands : commands.flatMap((command) => [command, ...nested(command, depth)]);
}

/** `2>file`: the fd number was read as an argument. */
function dropFdNumber(command: SimpleCommand): void {
  const last = command.argv.at(-1);
  if (last !== undefined && /^\d$/.test(last)) command.argv.pop();
}

function nested(command: SimpleCommand, depth: number): SimpleCommand[] {
  const [head, ...rest] = stripWrappers(command.argv).argv;
  if (head === undefined) return [];
  const name = basename(head);
  if (name === "eval") return splitCommands(rest.join(" "), depth + 1);
  const payload = isShell(name) ? shellPayload(rest) : undefined;
  return payload === undefined ? [] : splitCommands(payload.script, depth + 1);
}

/**
 * The script a shell runs from its arguments: the word after `-c` (options such as `-e`, `-o pipefail`,
 * `--norc` may come first; `-lc`, `-ec` cluster it), and the words after it, which become $0, $1 ….
 * Undefined when the shell runs a file or reads stdin.
 */
export function shellPayload(args: string[]): { script: string; positional: string[] } | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--" || !/^[-+]/.test(arg)) return undefined;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(arg))
      return args[i + 1] === undefined
        ? undefined
        : { script: args[i + 1] as string, positional: args.slice(i + 2) };
    if (/^[-+][oO]$/.test(arg) || arg === "--rcfile" || arg === "--init-file") i++;
  }
  return undefined;
}

export function basename(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

export interface Unwrapped {
  argv: string[];
  sudo: boolean;
}

/** Drops leading `VAR=value` words and wrappers that run their argv as given (sudo, env, nohup, timeout, xargs …). */
export function stripWrappers(argv: string[]): Unwrapped {
  let words = argv;
  let sudo = false;
  for (;;) {
    while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] as string)) words = words.slice(1);
    const named = words.length > 0 ? [basename(words[0] as string), ...words.slice(1)] : words;
    const wrapper = wrapperAt(named);
    const opened = wrapper ? openWrapper(named.slice(wrapper.length), wrapper.spec) : undefined;
    if (!wrapper || opened?.kind !== "argv") return { argv: words, sudo };
    sudo ||= wrapper.spec.sudo === true;
    words = opened.argv;
  }
}

export function isShell(word: string): boolean {
  return SHELLS.has(basename(word));
}
