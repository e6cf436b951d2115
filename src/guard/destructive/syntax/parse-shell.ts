// The one door to the shell grammar: mvdan/sh's parser (the `mvdan-sh` package, pure JavaScript, so it runs
// the same in the compiled binary, pi's Node and Deno). Returns the syntax tree or the parser's own message,
// and names the operators by parsing samples once, so no operator number is hard-coded here. The package is
// large (1.5 MB of compiled Go), so it is loaded on the first line that needs the grammar, not at start-up:
// simple lines never load it (see simple-line.ts).

import type { ShNode, ShParser } from "mvdan-sh";
import { fail, ok, type Result } from "../../../core/result.ts";

export type { ShNode } from "mvdan-sh";

export type RedirectKind = "truncate" | "append" | "read" | "heredoc" | "herestring" | "other";

type Sh = typeof import("mvdan-sh").default;

interface Grammar {
  sh: Sh;
  parser: ShParser;
  pipeOps: Set<number>;
  redirects: Map<number, RedirectKind>;
}

let loaded: Grammar | undefined;

/**
 * mvdan-sh's module. Bun's compiler and esbuild (the pi extension) turn this `require` into a bundled module run
 * on first call; from source under Node or Deno a module has no `require`, so one is made for this file.
 */
function requireSh(): Sh {
  if (typeof require === "function") return require("mvdan-sh") as Sh;
  return process.getBuiltinModule("node:module").createRequire(import.meta.url)("mvdan-sh") as Sh;
}

function grammar(): Grammar {
  if (loaded) return loaded;
  const sh = requireSh();
  const parser = sh.syntax.NewParser();
  const firstStmt = (source: string): ShNode => parser.Parse(source, "").Stmts[0];
  const redirectOp = (source: string): number => firstStmt(source).Redirs[0].Op;
  loaded = {
    sh,
    parser,
    pipeOps: new Set([firstStmt("a | b").Cmd.Op, firstStmt("a |& b").Cmd.Op]),
    redirects: new Map<number, RedirectKind>([
      [redirectOp("a > f"), "truncate"],
      [redirectOp("a >| f"), "truncate"],
      [redirectOp("a &> f"), "truncate"],
      [redirectOp("a >> f"), "append"],
      [redirectOp("a &>> f"), "append"],
      [redirectOp("a < f"), "read"],
      [redirectOp("a <<< w"), "herestring"],
      [redirectOp("a <<E\nx\nE"), "heredoc"],
      [redirectOp("a <<-E\nx\nE"), "heredoc"],
    ]),
  };
  return loaded;
}

/** True once a line has needed the grammar (start-up tests check simple lines never load it). */
export function grammarLoaded(): boolean {
  return loaded !== undefined;
}

export function nodeType(node: ShNode): string {
  return grammar().sh.syntax.NodeType(node);
}

export function parseShell(line: string): Result<ShNode> {
  const { parser } = grammar();
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

export function isPipe(op: number): boolean {
  return grammar().pipeOps.has(op);
}

export function redirectKind(op: number): RedirectKind {
  return grammar().redirects.get(op) ?? "other";
}
