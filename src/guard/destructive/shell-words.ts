// Splits a shell command line into simple commands (argv plus redirections) with shell-quote, so rules look
// at real words: quoted text stays one argument, and `$(…)`, backticks, `-c` payloads and `eval` are opened up.
import { parse } from "shell-quote";

export interface SimpleCommand {
  argv: string[];
  /** Output redirection targets (`>`, `>>`, `>|`, `&>`). */
  writesTo: string[];
  /** True when this command reads the previous one's output through a pipe. */
  piped: boolean;
}

const SEPARATORS = new Set([";", "&&", "||", "&", "(", ")", "<(", ">(", ";;", "|&", "|"]);
const OUTPUT_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>"]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish"]);
const MAX_DEPTH = 4;

type Token = ReturnType<typeof parse>[number];

/** Every simple command in the line, including those nested in substitutions and `sh -c` payloads. */
export function splitCommands(line: string, depth = 0): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { argv: [], writesTo: [], piped: false };
  let pendingRedirect = false;
  const flush = (piped: boolean) => {
    if (current.argv.length > 0 || current.writesTo.length > 0) commands.push(current);
    current = { argv: [], writesTo: [], piped };
  };
  for (const token of tokenize(line)) {
    if (typeof token === "string") {
      if (pendingRedirect) current.writesTo.push(token);
      else if (token !== "$") current.argv.push(token);
      pendingRedirect = false;
      continue;
    }
    if ("comment" in token) break;
    if ("pattern" in token) {
      current.argv.push(token.pattern);
      continue;
    }
    if (!("op" in token)) continue;
    const op: string = token.op;
    if (OUTPUT_REDIRECTS.has(op)) {
      dropFdNumber(current);
      pendingRedirect = true;
    } else if (SEPARATORS.has(op)) {
      flush(op === "|" || op === "|&");
    }
  }
  flush(false);
  return depth >= MAX_DEPTH ? commands : commands.flatMap((command) => [command, ...nested(command, depth)]);
}

function tokenize(line: string): Token[] {
  return parse(normalizeLine(line), (name) => `$${name}`);
}

/** Unquoted newlines end a command and backticks are a substitution; shell-quote knows neither. */
function normalizeLine(line: string): string {
  let out = "";
  let quote: "'" | '"' | null = null;
  let inBacktick = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === "\\" && quote !== "'") {
      out += ch + (line[i + 1] ?? "");
      i++;
    } else if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "`") {
      out += inBacktick ? " ) " : " $( ";
      inBacktick = !inBacktick;
    } else {
      out += ch === "\n" ? " ; " : ch;
    }
  }
  return out;
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
  if (SHELLS.has(name)) {
    const flag = rest.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
    const payload = flag >= 0 ? rest[flag + 1] : undefined;
    if (payload !== undefined) return splitCommands(payload, depth + 1);
  }
  return [];
}

export function basename(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

export interface Unwrapped {
  argv: string[];
  sudo: boolean;
}

const WRAPPERS = new Set([
  "env",
  "nohup",
  "time",
  "nice",
  "ionice",
  "command",
  "exec",
  "builtin",
  "doas",
  "sudo",
]);

/** Drops leading `VAR=value` words and wrappers such as sudo, env, nohup and nice (with their options). */
export function stripWrappers(argv: string[]): Unwrapped {
  let i = 0;
  let sudo = false;
  while (i < argv.length) {
    const word = argv[i] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i++;
      continue;
    }
    const name = basename(word);
    if (!WRAPPERS.has(name)) break;
    if (name === "sudo" || name === "doas") sudo = true;
    i++;
    while (i < argv.length && (argv[i] as string).startsWith("-")) {
      const option = argv[i] as string;
      i += /^-(u|g|n|C|p)$/.test(option) ? 2 : 1;
    }
  }
  return { argv: argv.slice(i), sudo };
}

export function isShell(word: string): boolean {
  return SHELLS.has(basename(word));
}
