// The current leaf's branch of a parsed session, walked once per parse: the session page's views (conversation,
// protected items, timeline marks) all read it, and a parse is kept across requests while the file is unchanged.
// Keyed by the parse object and its entry count, so a new parse or a grown one walks again.
import { type BranchResult, walkBranch } from "../session/branch.ts";
import type { ParsedSession } from "../session/parse.ts";

const walked = new WeakMap<object, { count: number; branch: BranchResult }>();

/** walkBranch(session) to the default leaf, remembered for this parse. */
export function currentBranch(session: Pick<ParsedSession, "entries" | "byId">): BranchResult {
  const kept = walked.get(session);
  if (kept && kept.count === session.entries.length) return kept.branch;
  const branch = walkBranch(session);
  walked.set(session, { count: session.entries.length, branch });
  return branch;
}
