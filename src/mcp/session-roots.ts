// Which session files an MCP host may name for recall: those under pi's session folders, or under a folder the
// host allowed when it started keel (`keel mcp --session-root`). Paths are compared after resolving links.
import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import { shortForTerminal } from "../core/terminal-text.ts";

/** The real path of `path`, or its absolute form when it cannot be resolved (the reader reports a missing file). */
function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Why `file` may not be read, or undefined when it lies under one of `roots`. */
export function refuseOutsideRoots(file: string, roots: readonly string[]): string | undefined {
  const real = realOr(file);
  if (roots.some((root) => real.startsWith(`${realOr(root)}${sep}`))) return undefined;
  return `${shortForTerminal(file, 120)} is not under pi's session folder (${roots[0] ?? "none"}); start keel mcp with --session-root <dir> to allow another folder`;
}
