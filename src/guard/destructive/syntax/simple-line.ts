// The fast path of the shell reader: a line made only of plain words, quotes and the common operators
// (pipes, lists, file redirections) is split here in one pass, into exactly the commands the full grammar
// would give (test/guard/screen-fast-path.test.ts checks that on every such corpus line). Anything else
// (expansions, escapes, substitutions, groups, keywords, comments, here-documents) answers undefined and
// goes to the grammar.
import type { ParsedCommand } from "./commands.ts";

/** Lines longer than this go to the grammar; the fast path is for the one-liners agents send. */
const MAX_SIMPLE_CHARS = 2_000;
/** Characters that need the grammar anywhere in the line, even inside quotes. */
const NEEDS_GRAMMAR = /[$`\\\n\r]/;
/** Characters that need the grammar outside quotes. */
const UNQUOTED_SPECIAL = new Set(["(", ")", "{", "}", "#", "!", "[", "]"]);
const BLANK = new Set([" ", "\t"]);
const OPERATOR_CHARS = new Set(["|", "&", ";", "<", ">"]);
/** Words that open compound commands, declarations or arithmetic: the grammar reads those. */
const KEYWORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "in",
  "function",
  "time",
  "coproc",
  "let",
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
  "nameref",
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const SEPARATORS = new Set(["|", "|&", "||", "&&", ";", "&"]);
const REDIRECTS = new Map<string, "truncate" | "append" | "read" | "herestring" | "dup">([
  [">", "truncate"],
  [">|", "truncate"],
  ["&>", "truncate"],
  [">>", "append"],
  ["&>>", "append"],
  ["<", "read"],
  ["<<<", "herestring"],
  [">&", "dup"],
  ["<&", "dup"],
]);

/** A word, and its unquoted start (where an assignment's `NAME=` must be). */
type Token = { word: string; head: string } | { op: string };

interface Segment {
  command: ParsedCommand;
  started: boolean;
}

/** The commands of a simple line, or undefined when the line needs the full grammar. */
export function readSimpleLine(line: string): ParsedCommand[] | undefined {
  if (line.length > MAX_SIMPLE_CHARS || NEEDS_GRAMMAR.test(line)) return undefined;
  const tokens = tokenize(line);
  return tokens && commandsOf(tokens);
}

function tokenize(line: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (BLANK.has(ch)) {
      i++;
    } else if (OPERATOR_CHARS.has(ch)) {
      const op = operatorAt(line, i);
      tokens.push({ op });
      i += op.length;
    } else {
      const word = wordAt(line, i);
      if (!word) return undefined;
      i = word.end;
      const fd = /^\d+$/.test(word.text) && word.head === word.text && (line[i] === ">" || line[i] === "<");
      tokens.push(fd ? { op: "fd" } : { word: word.text, head: word.head });
    }
  }
  return tokens;
}

function operatorAt(line: string, i: number): string {
  for (const op of ["&>>", "<<<", "&&", "||", "|&", ">>", ">|", "&>", ">&", "<&", ";;", "<<", "<>"])
    if (line.startsWith(op, i)) return op;
  return line[i] as string;
}

/** One word: runs of plain characters and quoted strings, up to a blank or an operator. */
function wordAt(line: string, start: number): { text: string; end: number; head: string } | undefined {
  let text = "";
  let head: string | undefined;
  let i = start;
  while (i < line.length) {
    const ch = line[i] as string;
    if (BLANK.has(ch) || OPERATOR_CHARS.has(ch)) break;
    if (ch === "'" || ch === '"') {
      const close = line.indexOf(ch, i + 1);
      if (close < 0) return undefined;
      head ??= text;
      text += line.slice(i + 1, close);
      i = close + 1;
      continue;
    }
    if (UNQUOTED_SPECIAL.has(ch)) return undefined;
    text += ch;
    i++;
  }
  return { text, end: i, head: head ?? text };
}

function emptySegment(): Segment {
  return { command: { argv: [], writesTo: [], truncates: [], piped: false }, started: false };
}

function commandsOf(tokens: Token[]): ParsedCommand[] | undefined {
  const out: ParsedCommand[] = [];
  let segment = emptySegment();
  let previous: ParsedCommand | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if ("word" in token) {
      if (!addWord(segment, token)) return undefined;
      continue;
    }
    if (token.op === "fd") continue;
    const redirect = REDIRECTS.get(token.op);
    if (redirect) {
      const target = tokens[i + 1];
      if (!target || !("word" in target)) return undefined;
      addRedirect(segment, redirect, target.word);
      i++;
      continue;
    }
    if (!SEPARATORS.has(token.op) || !segment.started) return undefined;
    out.push(segment.command);
    const piped = token.op === "|" || token.op === "|&";
    previous = segment.command;
    segment = emptySegment();
    if (piped) {
      segment.command.piped = true;
      segment.command.producer = previous;
      if (i === tokens.length - 1) return undefined;
    } else if ((token.op === "&&" || token.op === "||") && i === tokens.length - 1) return undefined;
  }
  if (segment.started) out.push(segment.command);
  return out;
}

/** Leading `NAME=value` words are assignments, not arguments; a keyword first means compound syntax. */
function addWord(segment: Segment, token: { word: string; head: string }): boolean {
  const command = segment.command;
  segment.started = true;
  if (command.argv.length === 0) {
    if (ASSIGNMENT.test(token.head)) return true;
    if (token.head === token.word && KEYWORDS.has(token.word)) return false;
  }
  command.argv.push(token.word);
  return true;
}

function addRedirect(segment: Segment, kind: string, word: string): void {
  const command = segment.command;
  segment.started = true;
  if (kind === "truncate" || kind === "append") {
    command.writesTo.push(word);
    if (kind === "truncate") command.truncates.push(word);
  } else if (kind === "herestring") {
    command.stdin = command.stdin === undefined ? word : `${command.stdin}\n${word}`;
  }
}
