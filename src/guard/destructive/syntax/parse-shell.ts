// The one door to the shell grammar: mvdan/sh's parser (the `mvdan-sh` package, pure JavaScript, so it runs
// the same in the compiled binary, pi's Node and Deno). Returns the syntax tree or the parser's own message,
// and names the operators by parsing samples once, so no operator number is hard-coded here.
import sh, { type ShNode } from "mvdan-sh";
import { fail, ok, type Result } from "../../../core/result.ts";

export type { ShNode } from "mvdan-sh";

export type RedirectKind = "truncate" | "append" | "read" | "heredoc" | "herestring" | "other";

const parser = sh.syntax.NewParser();

export function nodeType(node: ShNode): string {
  return sh.syntax.NodeType(node);
}

export function parseShell(line: string): Result<ShNode> {
  try {
    return ok(parser.Parse(line, ""));
  } catch (error) {
    return fail(parseMessage(error));
  }
}

function parseMessage(error: unknown): string {
  const record = error as { Error?: () => string } | null;
  return typeof record?.Error === "function" ? record.Error() : String(error);
}

function firstStmt(source: string): ShNode {
  return parser.Parse(source, "").Stmts[0];
}

function redirectOp(source: string): number {
  return firstStmt(source).Redirs[0].Op;
}

const PIPE_OPS = new Set([firstStmt("a | b").Cmd.Op, firstStmt("a |& b").Cmd.Op]);

const REDIRECTS = new Map<number, RedirectKind>([
  [redirectOp("a > f"), "truncate"],
  [redirectOp("a >| f"), "truncate"],
  [redirectOp("a &> f"), "truncate"],
  [redirectOp("a >> f"), "append"],
  [redirectOp("a &>> f"), "append"],
  [redirectOp("a < f"), "read"],
  [redirectOp("a <<< w"), "herestring"],
  [redirectOp("a <<E\nx\nE"), "heredoc"],
  [redirectOp("a <<-E\nx\nE"), "heredoc"],
]);

export function isPipe(op: number): boolean {
  return PIPE_OPS.has(op);
}

export function redirectKind(op: number): RedirectKind {
  return REDIRECTS.get(op) ?? "other";
}
