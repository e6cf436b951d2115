// Shared helpers for checkpoint tests: render over a builder's entries and append keel compactions like pi would.

import type { SessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { renderCheckpoint } from "../../src/compact/verbatim/index.ts";
import type { Checkpoint, CheckpointInput } from "../../src/compact/verbatim/types.ts";
import { walkBranch } from "../../src/session/branch.ts";
import type { BranchEntry } from "../../src/session/entries.ts";
import { parseSessionText } from "../../src/session/parse.ts";

/** The active branch of a builder's session, parsed back from its JSONL like a real file. */
export function branchOf(builder: SessionBuilder): BranchEntry[] {
  const walked = walkBranch(parseSessionText(builder.toJsonl()));
  if (!walked.ok) throw new Error(walked.reason);
  return walked.value.entries;
}

export function render(
  builder: SessionBuilder,
  input: Partial<CheckpointInput> & { firstKeptEntryId: string },
): Checkpoint {
  const result = renderCheckpoint({ branch: branchOf(builder), cwd: builder.cwd, ...input });
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

/** Renders a checkpoint at `firstKeptEntryId` and appends it as a keel compaction entry. */
export function compactWithKeel(
  builder: SessionBuilder,
  firstKeptEntryId: string,
  input: Partial<CheckpointInput> = {},
): Checkpoint {
  const checkpoint = render(builder, { firstKeptEntryId, reason: "threshold", ...input });
  builder.compaction(checkpoint.summary, firstKeptEntryId, checkpoint.details);
  return checkpoint;
}

/** The lines inside the n-th `<compacted-span n="…">` block. */
export function spanBody(summary: string, n: number): string[] {
  const match = new RegExp(`<compacted-span n="${n}"[^>]*>\\n([\\s\\S]*?)</compacted-span>`).exec(summary);
  if (!match) throw new Error(`span ${n} not found`);
  return match[1]!.split("\n").filter((line) => line !== "");
}

export function fileLine(summary: string, path: string): string | undefined {
  return summary.split("\n").find((line) => line === path || line.startsWith(`${path} (`));
}
