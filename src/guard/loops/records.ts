// Reading the loop brake's persisted streaks for the surfaces (`keel loops`, `/keel loops`, the UI): each
// with its session shown by an id abbreviated to be unique in the list, and one wording of a loop line.
import { createIdAbbreviator } from "../../core/short-ids.ts";
import type { KeelDb } from "../../store/db.ts";
import { listProjectLoops } from "../../store/guard-loops.ts";

export { listProjectLoops } from "../../store/guard-loops.ts";

export type LoopRow = Awaited<ReturnType<typeof listProjectLoops>>[number];

/** A stored streak with its session id abbreviated as short as the list allows (at least 8 characters). */
export type LoopListing = LoopRow & { session: string };

/** The project's open loops, worst first, each with a session id people can tell apart. */
export async function listLoopsForDisplay(db: KeelDb, projectId: string): Promise<LoopListing[]> {
  const rows = await listProjectLoops(db, projectId);
  const short = createIdAbbreviator(rows.map((row) => row.sessionId));
  return rows.map((row) => ({ ...row, session: short(row.sessionId) }));
}

/** One loop as a line of text; a refused streak says so and what unblocks it. */
export function describeLoop(loop: {
  failures: number;
  command: string;
  refusals: number;
  session?: string;
}): string {
  const refused =
    loop.refusals > 0
      ? `  refused ${loop.refusals}× by the loop brake (an edit or another command unblocks it)`
      : "";
  const session = loop.session ? `  (session ${loop.session})` : "";
  return `${loop.failures}× failed  ${loop.command}${session}${refused}`;
}
