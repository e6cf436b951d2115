// Reads a parsed line as the simple commands it runs, in the shape the rules read (argv, redirections, stdin
// text, piped). Structure is followed, not guessed: pipelines, lists, subshells, blocks, if/while/for/case,
// function bodies, substitutions, here-documents. Assignments made earlier on the line fill in later
// variables, a for loop's words fill in its variable, and a command named by a variable from outside is
// marked as unknowable.
import type { SimpleCommand } from "../../../core/shell/shell-words.ts";
import { isPipe, nodeType, redirectKind, type ShNode } from "./parse-shell.ts";
import { type RenderedWord, raw, renderWord, SUBSTITUTION_WORD, type WordScope } from "./words.ts";

export interface ParsedCommand extends SimpleCommand {
  /** Why the command that runs cannot be known from the line, when it cannot. */
  unknowable?: string;
  /** The command whose output this one reads through a pipe. */
  producer?: ParsedCommand;
  /** The source text of the line's substitutions, by the number in their placeholder words. */
  substitutionTexts?: string[];
}

interface Walk extends WordScope {
  out: ParsedCommand[];
  functions: Set<string>;
  depth: number;
}

const MAX_DEPTH = 8;
const MAX_LOOP_WORDS = 8;
const DECLARATIONS = new Set(["declare", "typeset", "local", "export", "readonly"]);

export function commandsOfTree(file: ShNode, source: string): ParsedCommand[] {
  const walk: Walk = {
    env: new Map(),
    substitutions: [],
    substitutionTexts: [],
    source,
    out: [],
    functions: new Set(),
    depth: 0,
  };
  walkStmts(file.Stmts, walk);
  return walk.out;
}

function walkStmts(stmts: ShNode[] | null | undefined, walk: Walk): void {
  for (const stmt of stmts ?? []) walkStmt(stmt, walk, undefined);
}

/** Walks one statement; returns the last command it appended (the producer when it feeds a pipe). */
function walkStmt(stmt: ShNode, walk: Walk, producer: ParsedCommand | undefined): ParsedCommand | undefined {
  if (walk.depth > MAX_DEPTH || !stmt) return undefined;
  const cmd = stmt.Cmd as ShNode;
  const before = walk.out.length;
  switch (stmt.Cmd ? nodeType(cmd) : "none") {
    case "none":
      break;
    case "CallExpr":
      callExpr(cmd, stmt, walk, producer);
      break;
    case "BinaryCmd": {
      const left = walkStmt(cmd.X, walk, producer);
      return walkStmt(cmd.Y, walk, isPipe(cmd.Op) ? (left ?? PIPED_UNKNOWN) : undefined);
    }
    case "DeclClause":
      declare(cmd, walk);
      break;
    case "FuncDecl":
      walk.functions.add(cmd.Name.Value);
      nested(() => walkStmt(cmd.Body, walk, undefined), walk);
      return undefined;
    case "ForClause":
      forClause(cmd, walk);
      break;
    default:
      nested(() => compound(cmd, walk, producer), walk);
  }
  const appended = walk.out.slice(before);
  addRedirects(appended[0], stmt, walk);
  return appended.at(-1);
}

/** A pipe whose left side ran no simple command we could read (a loop, a block): still a pipe. */
const PIPED_UNKNOWN: ParsedCommand = { argv: [], writesTo: [], truncates: [], piped: false };

function nested(run: () => void, walk: Walk): void {
  walk.depth++;
  run();
  walk.depth--;
}

function compound(cmd: ShNode, walk: Walk, producer: ParsedCommand | undefined): void {
  switch (nodeType(cmd)) {
    case "Subshell":
    case "Block":
      for (const [i, stmt] of (cmd.Stmts as ShNode[]).entries())
        walkStmt(stmt, walk, i === 0 ? producer : undefined);
      return;
    case "IfClause":
      for (let clause = cmd; clause; clause = clause.Else) {
        walkStmts(clause.Cond, walk);
        walkStmts(clause.Then, walk);
      }
      return;
    case "WhileClause":
      walkStmts(cmd.Cond, walk);
      walkStmts(cmd.Do, walk);
      return;
    case "CaseClause":
      for (const item of cmd.Items as ShNode[]) walkStmts(item.Stmts, walk);
      return;
    case "TimeClause":
    case "CoprocClause":
      if (cmd.Stmt) walkStmt(cmd.Stmt, walk, producer);
      return;
    default:
      return;
  }
}

function forClause(cmd: ShNode, walk: Walk): void {
  const loop = cmd.Loop;
  if (nodeType(loop) !== "WordIter") {
    nested(() => walkStmts(cmd.Do, walk), walk);
    return;
  }
  const name: string = loop.Name.Value;
  const words = (loop.Items as ShNode[]).flatMap((item) => fieldsOf(renderWord(item, walk)));
  const values = words.length > 0 ? words.slice(0, MAX_LOOP_WORDS) : [`$${name}`];
  for (const value of values) {
    walk.env.set(name, value);
    nested(() => walkStmts(cmd.Do, walk), walk);
  }
}

function declare(cmd: ShNode, walk: Walk): void {
  for (const assign of cmd.Args as ShNode[]) {
    if (assign.Name && assign.Value) walk.env.set(assign.Name.Value, renderWord(assign.Value, walk).text);
  }
}

function callExpr(cmd: ShNode, stmt: ShNode, walk: Walk, producer: ParsedCommand | undefined): void {
  const args = cmd.Args as ShNode[];
  const subsBefore = walk.substitutions.length;
  if (args.length === 0) {
    for (const assign of cmd.Assigns as ShNode[])
      if (assign.Name && assign.Value) walk.env.set(assign.Name.Value, renderWord(assign.Value, walk).text);
    addCommand({ argv: [], writesTo: [], truncates: [], piped: false }, stmt, walk, subsBefore);
    return;
  }
  const rendered = args.map((word) => renderWord(word, walk));
  const argv = rendered.flatMap(fieldsOf);
  if (argv[0] === "read")
    for (const name of argv.slice(1).filter((arg) => /^[A-Za-z_]\w*$/.test(arg))) walk.env.delete(name);
  const command: ParsedCommand = { argv, writesTo: [], truncates: [], piped: producer !== undefined };
  if (walk.substitutionTexts.length > 0) command.substitutionTexts = walk.substitutionTexts;
  if (producer && producer !== PIPED_UNKNOWN) command.producer = producer;
  const unknowable = unknowableName(rendered[0] as RenderedWord, argv[0] ?? "", walk);
  if (unknowable) command.unknowable = unknowable;
  addCommand(command, stmt, walk, subsBefore);
}

function addCommand(command: ParsedCommand, stmt: ShNode, walk: Walk, subsBefore: number): void {
  if (DECLARATIONS.has(command.argv[0] ?? "")) return;
  walk.out.push(command);
  for (const stmts of walk.substitutions.slice(subsBefore)) nested(() => walkStmts(stmts, walk), walk);
  void stmt;
}

function fieldsOf(word: RenderedWord): string[] {
  return word.fields ?? [word.text];
}

/** `$CMD …`, `"$RUNNER" …`, `$(get-tool) …`: the line does not say what runs. */
function unknowableName(first: RenderedWord, name: string, walk: Walk): string | undefined {
  if (name.startsWith(SUBSTITUTION_WORD)) return "runs a command whose name is another command's output";
  if (first.unresolved.length > 0 && name.includes("$"))
    return `runs a command named by $${first.unresolved[0]}, which is set outside this line`;
  void walk;
  return undefined;
}

function addRedirects(command: ParsedCommand | undefined, stmt: ShNode, walk: Walk): void {
  const redirs = (stmt.Redirs as ShNode[] | null) ?? [];
  if (redirs.length === 0) return;
  const target = command ?? { argv: [], writesTo: [], truncates: [], piped: false };
  if (!command) walk.out.push(target);
  for (const redir of redirs) {
    const kind = redirectKind(redir.Op);
    if (kind === "truncate" || kind === "append") {
      const path = renderWord(redir.Word, walk).text;
      target.writesTo.push(path);
      if (kind === "truncate") target.truncates.push(path);
    } else if (kind === "heredoc" && redir.Hdoc) {
      appendStdin(target, heredocText(redir, walk));
    } else if (kind === "herestring") {
      appendStdin(target, renderWord(redir.Word, walk).text);
    }
  }
}

/** A quoted delimiter keeps the body literal; an unquoted one expands it, which renderWord does. */
function heredocText(redir: ShNode, walk: Walk): string {
  const quoted = /['"\\]/.test(raw(redir.Word, walk.source));
  return (quoted ? raw(redir.Hdoc, walk.source) : renderWord(redir.Hdoc, walk).text).replace(/\n$/, "");
}

function appendStdin(command: ParsedCommand, text: string): void {
  command.stdin = command.stdin === undefined ? text : `${command.stdin}\n${text}`;
}
