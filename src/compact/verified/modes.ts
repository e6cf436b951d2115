// The three verified-compaction modes and the budgets they imply: model calls, conversation characters per
// synthesis call, output tokens (clamped to the model's limit), whether one model patch is allowed, and the
// per-call timeout scaled to how much the model is asked to write.

export const MODES = ["fast", "balanced", "thorough"] as const;
export type Mode = (typeof MODES)[number];
export const DEFAULT_MODE: Mode = "balanced";

export interface ModeBudget {
  maxCalls: number;
  /** Conversation characters one synthesis call may carry. */
  batchChars: number;
  outputTokens: number;
  modelPatch: boolean;
}

const BUDGETS: Record<Mode, ModeBudget> = {
  fast: { maxCalls: 3, batchChars: 120_000, outputTokens: 2_000, modelPatch: false },
  balanced: { maxCalls: 5, batchChars: 200_000, outputTokens: 4_000, modelPatch: true },
  thorough: { maxCalls: 8, batchChars: 300_000, outputTokens: 8_000, modelPatch: true },
};

export function isMode(value: string): value is Mode {
  return (MODES as readonly string[]).includes(value);
}

export interface ModelLimits {
  contextWindow?: number;
  maxTokens?: number;
  reasoning?: boolean;
}

/** The mode's budget clamped to the model: output within its max, input within its window. */
export function budgetFor(mode: Mode, model: ModelLimits): ModeBudget {
  const base = BUDGETS[mode];
  const outputTokens = Math.max(256, Math.min(base.outputTokens, model.maxTokens ?? base.outputTokens));
  const windowChars = model.contextWindow
    ? Math.max(8_000, (model.contextWindow - outputTokens) * 3)
    : base.batchChars;
  return { ...base, outputTokens, batchChars: Math.min(base.batchChars, windowChars) };
}

/** Per-call timeout: 30 s plus the time to write the output at a slow 25 tokens/s (twice for reasoning models). */
export function callTimeoutMs(budget: ModeBudget, model: ModelLimits, override?: number): number {
  if (override !== undefined && override > 0) return override;
  const writing = (budget.outputTokens / 25) * 1000 * (model.reasoning ? 2 : 1);
  return Math.min(900_000, 30_000 + writing);
}
