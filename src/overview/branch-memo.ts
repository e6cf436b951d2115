// A branch of a parsed session (the current leaf's by default, or the one the page picked), walked once per parse:
// the session page's views (conversation, protected items, timeline marks) all read it, and a parse is kept across
// requests while the file is unchanged (parse-memo.ts).
import { type BranchResult, walkBranch } from "../session/branch.ts";
import type { ParsedSession } from "../session/parse.ts";
import { rememberForParse } from "./parse-memo.ts";

/** walkBranch(session, leafId): to the default leaf (the file's last entry) when none is given, remembered. */
export function currentBranch(
  session: Pick<ParsedSession, "entries" | "byId">,
  leafId?: string,
): BranchResult {
  return rememberForParse(session, `branch:${leafId ?? ""}`, () => walkBranch(session, leafId));
}
