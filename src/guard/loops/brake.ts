// The loop brake as a pure state machine: consecutive failures per fingerprint, across bash and verify;
// the attempt after `blockAfter - 1` failures is refused with a change-strategy nudge; a success resets.
import type { LoopState } from "../../store/guard-loops.ts";
import { commandFingerprint } from "./fingerprint.ts";

/** Consecutive failures per fingerprint, with the last command text seen for it (the stored shape). */
export type { LoopState } from "../../store/guard-loops.ts";

export const emptyLoopState = (): LoopState => ({ streaks: {} });

export type LoopDecision =
  | { allow: true; fingerprint: string; failures: number }
  | { allow: false; fingerprint: string; failures: number; message: string };

/** Called before a command runs: refuses it when it already failed `blockAfter - 1` times in a row. */
export function checkAttempt(state: LoopState, command: string, blockAfter: number): LoopDecision {
  const fingerprint = commandFingerprint(command);
  const failures = state.streaks[fingerprint]?.failures ?? 0;
  if (blockAfter > 0 && failures >= blockAfter - 1) {
    return {
      allow: false,
      fingerprint,
      failures,
      message: `keel loop brake: this command failed ${failures} times in a row. Running it again will not change the result: read the last error, change the approach (different command, fix the cause, or ask the user), then try again.`,
    };
  }
  return { allow: true, fingerprint, failures };
}

/** Called after a command ran: a failure extends its streak, a success clears it. Returns the new state. */
export function recordOutcome(state: LoopState, command: string, succeeded: boolean): LoopState {
  const fingerprint = commandFingerprint(command);
  const streaks = { ...state.streaks };
  if (succeeded) delete streaks[fingerprint];
  else streaks[fingerprint] = { failures: (streaks[fingerprint]?.failures ?? 0) + 1, command };
  return { streaks };
}

/** Open loops, worst first, for the brief and `keel loops`. */
export function openLoops(
  state: LoopState,
): Array<{ fingerprint: string; failures: number; command: string }> {
  return Object.entries(state.streaks)
    .map(([fingerprint, streak]) => ({ fingerprint, ...streak }))
    .sort((a, b) => b.failures - a.failures);
}
