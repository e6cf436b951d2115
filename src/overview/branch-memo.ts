// A branch of a parsed session (the current leaf's by default, or the one the page picked), walked once per parse:
// the session page's views (conversation, protected items, timeline marks) all read it, and a parse is kept across
// requests while the file is unchanged. Keyed by the parse object, its entry count and the leaf, so a new parse or a
// grown one walks again.
import { type BranchResult, walkBranch } from "../session/branch.ts";
import type { ParsedSession } from "../session/parse.ts";

const DEFAULT = "";
const KEPT_LEAVES = 4;
const walked = new WeakMap<object, { count: number; byLeaf: Map<string, BranchResult> }>();

/** walkBranch(session, leafId): to the default leaf (the file's last entry) when none is given, remembered. */
export function currentBranch(
  session: Pick<ParsedSession, "entries" | "byId">,
  leafId?: string,
): BranchResult {
  let kept = walked.get(session);
  if (!kept || kept.count !== session.entries.length) {
    kept = { count: session.entries.length, byLeaf: new Map() };
    walked.set(session, kept);
  }
  const key = leafId ?? DEFAULT;
  const known = kept.byLeaf.get(key);
  if (known) return known;
  const branch = walkBranch(session, leafId);
  kept.byLeaf.set(key, branch);
  while (kept.byLeaf.size > KEPT_LEAVES) kept.byLeaf.delete(kept.byLeaf.keys().next().value as string);
  return branch;
}
