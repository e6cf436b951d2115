// Turns a parsed word into the text the command receives: quotes removed, escapes read, variables assigned
// earlier on the line filled in, `$(pwd)` read as $PWD, and every other substitution left as a placeholder
// word whose script the caller screens on its own. Unresolved variables (and the positional parameters, which
// come from outside the line too) stay as `$NAME` text.
import { nodeType, type ShNode } from "./parse-shell.ts";

export interface WordScope {
  /** Variables assigned earlier on the line (`x=rm; $x …`), and loop variables. */
  env: Map<string, string>;
  /** Scripts of `$(…)`, backticks and `<(…)` met while rendering, screened as commands of their own. */
  substitutions: ShNode[][];
  /** The source text of each substitution, by the number in its placeholder word. */
  substitutionTexts: string[];
  /** The line as written, for the raw text of parts kept as they are. */
  source: string;
}

export interface RenderedWord {
  text: string;
  /** The fields an unquoted variable splits into (`cmd="rm -rf ~"; $cmd`), when it does. */
  fields?: string[];
  /** Variables read from outside the line. */
  unresolved: string[];
}

export const SUBSTITUTION_WORD = "$__keel_sub_";

export function renderWord(word: ShNode, scope: WordScope): RenderedWord {
  const unresolved: string[] = [];
  const parts: ShNode[] = word.Parts;
  const text = parts.map((part) => renderPart(part, scope, unresolved, false)).join("");
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only && nodeType(only) === "ParamExp" && /\s/.test(text.trim()))
    return { text, fields: text.trim().split(/\s+/), unresolved };
  return { text, unresolved };
}

function renderPart(part: ShNode, scope: WordScope, unresolved: string[], quoted: boolean): string {
  switch (nodeType(part)) {
    case "Lit":
      return quoted ? unescapeQuoted(part.Value) : unescapeBare(part.Value);
    case "SglQuoted":
      return part.Dollar ? ansiC(part.Value) : part.Value;
    case "DblQuoted":
      return (part.Parts as ShNode[]).map((inner) => renderPart(inner, scope, unresolved, true)).join("");
    case "ParamExp":
      return renderParam(part, scope, unresolved);
    case "CmdSubst":
      return renderSubstitution(part, scope);
    case "ProcSubst":
      return `/dev/fd/${SUBSTITUTION_WORD.slice(1)}${remember(part, scope)}`;
    default:
      return raw(part, scope.source);
  }
}

function renderParam(part: ShNode, scope: WordScope, unresolved: string[]): string {
  const name: string = part.Param?.Value ?? "";
  const plain = !part.Exp && !part.Index && !part.Slice && !part.Repl && !part.Length && !part.Excl;
  const known = scope.env.get(name);
  if (plain && known !== undefined) return known;
  if (/^([A-Za-z_]|[0-9@*]+$)/.test(name)) unresolved.push(name);
  return plain ? `$${name}` : raw(part, scope.source);
}

/** `$(pwd)` and backticked pwd name the working directory; any other substitution becomes a placeholder. */
function renderSubstitution(part: ShNode, scope: WordScope): string {
  const stmts: ShNode[] = part.Stmts;
  const only = stmts.length === 1 ? stmts[0]?.Cmd : undefined;
  const name = only && nodeType(only) === "CallExpr" ? raw(only.Args[0], scope.source) : undefined;
  if (name === "pwd" && only.Args.length === 1) return "$PWD";
  if (name === "mktemp") return "/tmp/mktemp";
  return `${SUBSTITUTION_WORD}${remember(part, scope)}`;
}

function remember(part: ShNode, scope: WordScope): number {
  const stmts: ShNode[] = part.Stmts;
  scope.substitutions.push(stmts);
  const first = stmts[0];
  const last = stmts.at(-1);
  scope.substitutionTexts.push(
    first && last ? scope.source.slice(first.Pos().Offset(), last.End().Offset()) : "",
  );
  return scope.substitutionTexts.length - 1;
}

export function raw(node: ShNode, source: string): string {
  return source.slice(node.Pos().Offset(), node.End().Offset());
}

function unescapeBare(text: string): string {
  return text.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
}

function unescapeQuoted(text: string): string {
  return text.replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
}

const ANSI: Record<string, string> = { n: "\n", t: "\t", r: "\r", "'": "'", '"': '"', "\\": "\\", e: "\x1b" };

function ansiC(text: string): string {
  return text.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)/g, (whole, code: string) => {
    if (code.startsWith("x")) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return ANSI[code] ?? whole;
  });
}
