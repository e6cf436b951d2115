// The git state evidence is stamped with: HEAD and a hash of the working tree's content (tracked changes via
// a throwaway stash commit's tree, untracked files by name, size and mtime). Outside git both are null.
import { statSync } from "node:fs";
import { join } from "node:path";
import { gitText as git } from "../../core/git.ts";
import { sha256Hex } from "../../core/hash.ts";

export interface TreeState {
  head: string | null;
  treeHash: string | null;
}

const UNTRACKED_LIMIT = 2000;

export function readTreeState(cwd: string): TreeState {
  let head: string;
  try {
    head = git(cwd, ["rev-parse", "HEAD"]);
  } catch {
    return { head: null, treeHash: null };
  }
  const stash = git(cwd, ["stash", "create"]);
  const tree = git(cwd, ["rev-parse", `${stash || "HEAD"}^{tree}`]);
  const untracked = git(cwd, ["ls-files", "--others", "--exclude-standard", "-z"])
    .split("\0")
    .filter(Boolean)
    .slice(0, UNTRACKED_LIMIT)
    .map((path) => {
      const stat = statSync(join(cwd, path), { throwIfNoEntry: false });
      return `${path}:${stat?.size ?? "-"}:${stat?.mtimeMs ?? "-"}`;
    });
  return { head, treeHash: sha256Hex([tree, ...untracked].join("\n")) };
}

/** Evidence is stale once the tree it ran on differs from the current one (unknown counts as stale). */
export function isStale(recorded: string | null, current: string | null): boolean {
  return recorded === null || current === null || recorded !== current;
}

/** The working tree as one key (HEAD and tree hash), or null outside git: what the loop brake keys to. */
export function readTreeKey(cwd: string): string | null {
  const state = readTreeState(cwd);
  return state.head === null || state.treeHash === null ? null : `${state.head}:${state.treeHash}`;
}
