// Reads a session file and walks branches of it: the shared first step of every offline surface that takes a
// file (`keel compact`, `lookup`, `protect`, `extract`). One branch (pi's default leaf, or --leaf) for the verbs
// that need a conversation; one branch per unconnected part for searches. Problems from every step are merged,
// a file in several parts says so, and `damaged` says whether anything may be missing from the result.

import { ok, type Result } from "../core/result.ts";
import { type Branch, walkBranch } from "./branch.ts";
import type { BranchEntry } from "./entries.ts";
import type { ParsedSession, ProblemKind, SessionProblem } from "./parse.ts";
import { describeParts, findParts, type SessionPart } from "./parts.ts";
import { readSessionFile } from "./read-session.ts";

interface LoadedFile {
  session: ParsedSession;
  bytes: number;
  /** The file's unconnected parts; one for a well-formed file. */
  parts: SessionPart[];
  problems: SessionProblem[];
  /** Problems beyond those listed (the parser keeps at most a few hundred). */
  unlistedProblems: number;
  /** True when lines were lost or the tree is broken, so results may be incomplete. */
  damaged: boolean;
}

export interface LoadedBranch extends LoadedFile {
  leafId: string;
  branch: BranchEntry[];
}

export interface LoadedParts extends LoadedFile {
  /** One branch per part (or the one --leaf names), in file order of the parts. */
  branches: { leafId: string; entries: BranchEntry[] }[];
  /** Every entry of `branches`, in order: what a search runs over. */
  entries: BranchEntry[];
}

export type LoadBranchResult = Result<LoadedBranch>;
export type LoadPartsResult = Result<LoadedParts>;

const DAMAGE: ReadonlySet<ProblemKind> = new Set([
  "corrupt-line",
  "truncated-line",
  "missing-id",
  "missing-parent",
  "cycle",
  "unconnected-parts",
]);

type ReadResult = Result<Omit<LoadedFile, "damaged">>;

async function readChecked(path: string): Promise<ReadResult> {
  const read = await readSessionFile(path);
  if (!read.ok) return read;
  const { session } = read.value;
  if (session.header === null && session.entries.length === 0) {
    const first = session.problems[0]?.message ?? "no entries";
    return { ok: false, reason: `${path} is not a pi session file (${first})` };
  }
  return ok({
    session,
    bytes: read.value.bytes,
    parts: findParts(session),
    problems: [...session.problems],
    unlistedProblems: session.problemCount - session.problems.length,
  });
}

const isDamaged = (problems: readonly SessionProblem[]) => problems.some((p) => DAMAGE.has(p.kind));

/** The branch ending at `leafId`, or at the file's last entry as in pi; other parts are named, not walked. */
export async function loadSessionBranch(path: string, leafId?: string): Promise<LoadBranchResult> {
  const read = await readChecked(path);
  if (!read.ok) return read;
  const file = read.value;
  const walked = walkBranch(file.session, leafId);
  if (!walked.ok) return walked;
  const problems = [...file.problems, ...walked.value.problems];
  if (file.parts.length > 1) problems.push(partsProblem(file.parts, walked.value.leafId, leafId));
  return ok({
    ...file,
    leafId: walked.value.leafId,
    branch: walked.value.entries,
    problems,
    damaged: isDamaged(problems),
  });
}

/** Every part's branch (each to its last entry), or only the branch ending at `leafId` when one is given. */
export async function loadSessionParts(path: string, leafId?: string): Promise<LoadPartsResult> {
  const read = await readChecked(path);
  if (!read.ok) return read;
  const file = read.value;
  const leaves = leafId === undefined ? file.parts.map((part) => part.leafId) : [leafId];
  const walks: Branch[] = [];
  for (const leaf of leaves) {
    const walked = walkBranch(file.session, leaf);
    if (!walked.ok) return walked;
    walks.push(walked.value);
  }
  const problems = [...file.problems, ...walks.flatMap((walk) => walk.problems)];
  if (file.parts.length > 1 && leafId !== undefined)
    problems.push(partsProblem(file.parts, walks[0]!.leafId, leafId));
  return ok({
    ...file,
    branches: walks.map((walk) => ({ leafId: walk.leafId, entries: walk.entries })),
    entries: walks.flatMap((walk) => walk.entries),
    problems,
    damaged: isDamaged(problems),
  });
}

function partsProblem(parts: readonly SessionPart[], usedLeaf: string, given?: string): SessionProblem {
  const which = given === undefined ? "the part with the file's last entry" : "the part holding --leaf";
  return {
    kind: "unconnected-parts",
    message: `the file holds ${parts.length} unconnected parts (parents missing from the file); this uses ${which}, ending at ${usedLeaf}; --leaf <entryId> picks another (${describeParts(parts).join("; ")})`,
  };
}

/** The note a command over all parts prints: how many parts it covered ("searching", "extracting from"). */
export function partsNote(loaded: LoadedParts, doing = "searching"): string | undefined {
  if (loaded.parts.length < 2 || loaded.branches.length < 2) return undefined;
  return `the file holds ${loaded.parts.length} unconnected parts (parents missing from the file); ${doing} all of them, --leaf <entryId> for one (${describeParts(loaded.parts).join("; ")})`;
}
