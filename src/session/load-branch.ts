// Reads a session file and walks one branch of it: the shared first step of the offline CLI verbs.
// Problems from both steps are merged; `damaged` says whether any of them lost conversation data.

import { walkBranch } from "./branch.ts";
import type { BranchEntry } from "./entries.ts";
import type { ParsedSession, ProblemKind, SessionProblem } from "./parse.ts";
import { readSessionFile } from "./read-session.ts";

export interface LoadedBranch {
  session: ParsedSession;
  bytes: number;
  leafId: string;
  branch: BranchEntry[];
  problems: SessionProblem[];
  /** Problems beyond those listed (the parser keeps at most a few hundred). */
  unlistedProblems: number;
  /** True when lines were lost or the tree is broken, so results may be incomplete. */
  damaged: boolean;
}

export type LoadBranchResult = { ok: true; loaded: LoadedBranch } | { ok: false; reason: string };

const DAMAGE: ReadonlySet<ProblemKind> = new Set([
  "corrupt-line",
  "truncated-line",
  "missing-id",
  "missing-parent",
  "cycle",
]);

export async function loadSessionBranch(path: string, leafId?: string): Promise<LoadBranchResult> {
  const read = await readSessionFile(path);
  if (!read.ok) return read;
  const { session } = read;
  if (session.header === null && session.entries.length === 0) {
    const first = session.problems[0]?.message ?? "no entries";
    return { ok: false, reason: `${path} is not a pi session file (${first})` };
  }
  const walked = walkBranch(session, leafId);
  if (!walked.ok) return walked;
  const problems = [...session.problems, ...walked.branch.problems];
  return {
    ok: true,
    loaded: {
      session,
      bytes: read.bytes,
      leafId: walked.branch.leafId,
      branch: walked.branch.entries,
      problems,
      unlistedProblems: session.problemCount - session.problems.length,
      damaged: problems.some((problem) => DAMAGE.has(problem.kind)),
    },
  };
}
