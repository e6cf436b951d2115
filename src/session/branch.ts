// Walking one branch of a session tree: from a leaf back to the root by parentId, returned root first.
// A broken chain (missing parent, a cycle) yields the part that could be walked plus a problem, never a throw.
import { ok, type Result } from "../core/result.ts";
import type { BranchEntry } from "./entries.ts";
import type { ParsedSession, SessionProblem } from "./parse.ts";

export interface Branch {
  leafId: string;
  /** Root first, leaf last. */
  entries: BranchEntry[];
  problems: SessionProblem[];
}

export type BranchResult = Result<Branch>;

/** The branch ending at `leafId`, or at the last entry in the file when no leaf is given (pi's default leaf). */
export function walkBranch(session: Pick<ParsedSession, "entries" | "byId">, leafId?: string): BranchResult {
  const leaf = leafId === undefined ? session.entries.at(-1) : session.byId.get(leafId);
  if (!leaf) {
    return {
      ok: false,
      reason:
        leafId === undefined ? "the session has no entries" : `no entry with id ${leafId} in the session`,
    };
  }
  const problems: SessionProblem[] = [];
  const seen = new Set<string>();
  const reversed: BranchEntry[] = [];
  let current: BranchEntry | undefined = leaf;
  while (current) {
    if (seen.has(current.id)) {
      problems.push({
        kind: "cycle",
        entryId: current.id,
        message: `entry ${current.id} is its own ancestor; branch cut there`,
      });
      break;
    }
    seen.add(current.id);
    reversed.push(current);
    const parentId: string | null = current.parentId;
    if (parentId === null) break;
    const parent = session.byId.get(parentId);
    if (!parent) {
      problems.push({
        kind: "missing-parent",
        entryId: current.id,
        message: `entry ${current.id} points to parent ${parentId}, which is not in the file; the branch starts at ${current.id}`,
      });
    }
    current = parent;
  }
  return ok({ leafId: leaf.id, entries: reversed.reverse(), problems });
}

/** Position of an entry on a branch, found by a scan from the leaf and memoized (for callers that ask a few ids). */
export function positionFinder(branch: readonly BranchEntry[]): (id: string) => number | undefined {
  const memo = new Map<string, number | undefined>();
  return (id) => {
    if (memo.has(id)) return memo.get(id);
    let found: number | undefined;
    for (let i = branch.length - 1; i >= 0; i--) {
      if (branch[i]!.id === id) {
        found = i;
        break;
      }
    }
    memo.set(id, found);
    return found;
  };
}
