// Chooses a compaction boundary for offline rendering (the `keel compact` CLI): replay the branch's last
// compaction, cut at a given entry, or, with no compaction on the branch, cut at the last valid cut point.
// Inside pi the boundary comes from pi's own preparation instead, so the adapter never calls this.
import { ok, type Result } from "../../core/result.ts";
import { type BranchEntry, messageOf, numberField, roleOf, stringField } from "../../session/entries.ts";

export interface OfflineBoundary {
  /** The branch as it stood when the compaction ran (a replayed compaction and what follows it are cut off). */
  branch: BranchEntry[];
  firstKeptEntryId: string;
  isSplitTurn: boolean;
  reason: string;
  tokensBefore?: number;
  at?: string;
  /** How the boundary was chosen, for the report. */
  source: "last-compaction" | "given-entry" | "last-entry";
  replayedCompactionId?: string;
}

export type OfflineBoundaryResult = Result<OfflineBoundary>;

const CUT_ROLES = new Set(["user", "assistant", "bashExecution", "custom", "branchSummary"]);

/** Whether pi may start its kept tail at this entry (never at a tool result). */
export function isValidCutPoint(entry: BranchEntry): boolean {
  if (entry.type === "custom_message" || entry.type === "branch_summary") return true;
  return CUT_ROLES.has(roleOf(entry) ?? "");
}

export function chooseOfflineBoundary(
  branch: readonly BranchEntry[],
  atEntryId?: string,
): OfflineBoundaryResult {
  if (atEntryId !== undefined) {
    const entry = branch.find((candidate) => candidate.id === atEntryId);
    if (!entry) return { ok: false, reason: `entry ${atEntryId} is not on the chosen branch` };
    return ok({
      branch: [...branch],
      firstKeptEntryId: atEntryId,
      isSplitTurn: splitAt(entry),
      reason: "manual",
      source: "given-entry",
    });
  }
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i]!;
    if (entry.type !== "compaction") continue;
    const firstKept = stringField(entry, "firstKeptEntryId") ?? "";
    const before = branch.slice(0, i);
    const kept = before.find((candidate) => candidate.id === firstKept);
    return ok({
      branch: before,
      firstKeptEntryId: firstKept,
      isSplitTurn: kept ? splitAt(kept) : false,
      reason: "replay",
      tokensBefore: numberField(entry, "tokensBefore"),
      at: entry.timestamp,
      source: "last-compaction",
      replayedCompactionId: entry.id,
    });
  }
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i]!;
    if (!isValidCutPoint(entry)) continue;
    return ok({
      branch: [...branch],
      firstKeptEntryId: entry.id,
      isSplitTurn: splitAt(entry),
      reason: "manual",
      source: "last-entry",
    });
  }
  return { ok: false, reason: "the branch has no message pi could keep after a compaction" };
}

/** A cut at anything but a user message splits the user's turn. */
function splitAt(entry: BranchEntry): boolean {
  return messageOf(entry) !== undefined && roleOf(entry) !== "user";
}

/** Why a boundary leaves an empty span: the sentence a user sees instead of an empty checkpoint. */
export function nothingToCompact(boundary: OfflineBoundary): string {
  const at = boundary.firstKeptEntryId;
  for (let i = boundary.branch.length - 1; i >= 0; i--) {
    const entry = boundary.branch[i]!;
    if (entry.type !== "compaction") continue;
    const kept = stringField(entry, "firstKeptEntryId") ?? entry.id;
    return `nothing is left to compact before ${at}: compaction ${entry.id} already compacted the branch up to ${kept}; cut at a later entry with --at`;
  }
  return `nothing is left to compact before ${at}: it is the first entry pi could keep; cut at a later entry with --at`;
}
