// When keel compacts on its own: at idle (pi's agent_settled, so never inside a tool loop), when the context
// is at least the configured share of the window, the run was not aborted, and no automatic compaction
// started within the cooldown. Pure: the adapter supplies the numbers and acts on the answer.

export const AUTO_COOLDOWN_MS = 120_000;

export interface AutoInput {
  /** The configured threshold in percent; 0 means off. */
  thresholdPercent: number;
  /** pi's estimate of context use in percent, or null when unknown (right after a compaction). */
  usagePercent: number | null;
  aborted: boolean;
  lastAutoAt: number | undefined;
  now: number;
}

export type AutoDecision = { run: true; why: string } | { run: false };

export function decideAutoCompaction(input: AutoInput): AutoDecision {
  if (input.thresholdPercent <= 0 || input.aborted || input.usagePercent === null) return { run: false };
  if (input.usagePercent < input.thresholdPercent) return { run: false };
  if (input.lastAutoAt !== undefined && input.now - input.lastAutoAt < AUTO_COOLDOWN_MS)
    return { run: false };
  return {
    run: true,
    why: `context at ${Math.round(input.usagePercent)}% of the window (threshold ${input.thresholdPercent}%)`,
  };
}
