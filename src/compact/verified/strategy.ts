// The verified strategy as the registry sees it: a pipeline result becomes a proposal for pi, a refusal
// (strict only) or a verbatim fallback. The settings it needs come from the branch and the command.
import type { Mode, ModelLimits } from "./modes.ts";
import { runVerified, type VerifiedInput, type VerifiedResult } from "./pipeline.ts";
import type { Complete } from "./synthesize.ts";

export interface VerifiedOptions {
  mode: Mode;
  strict: boolean;
  focus?: string;
  timeoutMs?: number;
  model: ModelLimits;
  complete?: Complete;
  now: () => number;
}

export function verifiedRun(
  base: Omit<VerifiedInput, "mode" | "strict" | "focus" | "timeoutMs" | "model">,
  options: VerifiedOptions,
): Promise<VerifiedResult> {
  return runVerified(
    {
      ...base,
      mode: options.mode,
      strict: options.strict,
      model: options.model,
      ...(options.focus ? { focus: options.focus } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
    options.complete,
    options.now,
  );
}
