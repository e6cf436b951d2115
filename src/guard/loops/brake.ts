// The loop brake as a pure state machine. A streak is one command (by fingerprint) failing the same way
// (output digest) on the same working tree (HEAD + tree hash); across bash and verify. A run on a changed tree
// is always allowed and a failure there starts a new streak; on an unchanged tree the attempt after
// `blockAfter - 1` such failures is refused with what would unblock it. A success clears the streak.

import { shortForTerminal } from "../../core/terminal-text.ts";
import { writeRefusal } from "../../session/refusals.ts";
import type { LoopState, LoopStreak } from "../../store/guard-loops.ts";
import { commandFingerprint } from "./fingerprint.ts";

export type { LoopState, LoopStreak } from "../../store/guard-loops.ts";

export const emptyLoopState = (): LoopState => ({ streaks: {} });

export type LoopDecision =
  | { allow: true; fingerprint: string; failures: number }
  | {
      allow: false;
      fingerprint: string;
      failures: number;
      message: string;
      /** True at the streak's first refusal: the moment to tell the user, once. */
      firstRefusal: boolean;
    };

/** Whether a streak still holds for the tree as it is now (an unknown tree matches only an unknown one). */
const sameTree = (streak: LoopStreak, tree: string | null) => streak.tree === tree;

/** Called before a command runs, with the working tree's current state. */
export function checkAttempt(
  state: LoopState,
  command: string,
  tree: string | null,
  blockAfter: number,
): LoopDecision {
  const fingerprint = commandFingerprint(command);
  const streak = state.streaks[fingerprint];
  if (!streak || !sameTree(streak, tree)) return { allow: true, fingerprint, failures: 0 };
  const failures = streak.failures;
  if (blockAfter <= 0 || failures < blockAfter - 1) return { allow: true, fingerprint, failures };
  return {
    allow: false,
    fingerprint,
    failures,
    firstRefusal: streak.refusals === 0,
    message: writeRefusal("loop-brake", refusalDetail(failures, tree)),
  };
}

function refusalDetail(failures: number, tree: string | null): string {
  const where =
    tree === null ? "and keel cannot see file changes here (no git)" : "on an unchanged working tree";
  return `this command failed ${failures} times in a row the same way ${where}, so running it again now would fail again. It runs again as soon as something changes: edit a file to fix the cause, run a different command to learn more, or ask the user.`;
}

export interface Outcome {
  succeeded: boolean;
  /** Tree state before the run (null when unknown or not read because no streak existed). */
  treeBefore: string | null;
  /** Tree state after the run: what the next attempt is compared with. */
  treeAfter: string | null;
  /** Digest of the failure's output (ignored on success). */
  digest: string;
}

/** Called after a command ran: a failure extends its streak or starts a new one; a success clears it. */
export function recordOutcome(state: LoopState, command: string, outcome: Outcome): LoopState {
  const fingerprint = commandFingerprint(command);
  const streaks = { ...state.streaks };
  const previous = streaks[fingerprint];
  if (outcome.succeeded) {
    delete streaks[fingerprint];
    return { streaks };
  }
  const extends_ =
    previous !== undefined && sameTree(previous, outcome.treeBefore) && previous.digest === outcome.digest;
  streaks[fingerprint] = {
    failures: extends_ ? previous.failures + 1 : 1,
    command,
    tree: outcome.treeAfter,
    digest: outcome.digest,
    refusals: extends_ ? previous.refusals : 0,
  };
  return { streaks };
}

/** Called when the brake refused an attempt: counted, so the user is told only once per streak. */
export function recordRefusal(state: LoopState, fingerprint: string): LoopState {
  const streak = state.streaks[fingerprint];
  if (!streak) return state;
  return { streaks: { ...state.streaks, [fingerprint]: { ...streak, refusals: streak.refusals + 1 } } };
}

export interface OpenLoop {
  fingerprint: string;
  failures: number;
  command: string;
  refusals: number;
}

/** Open loops, worst first, for the brief, `/keel` and `keel loops`. */
export function openLoops(state: LoopState): OpenLoop[] {
  return Object.entries(state.streaks)
    .map(([fingerprint, s]) => ({
      fingerprint,
      failures: s.failures,
      command: s.command,
      refusals: s.refusals,
    }))
    .sort((a, b) => b.failures - a.failures);
}

/** The one line the user sees when the brake first refuses a streak. */
export function describeRefusalForUser(command: string, failures: number): string {
  return `keel loop brake: refused \`${shortForTerminal(command, 80)}\` after ${failures} identical failures on an unchanged tree; an edit or another command unblocks it (keel loops)`;
}
