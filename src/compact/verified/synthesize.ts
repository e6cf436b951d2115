// Synthesis through the session's model: one pass when the prefix fits one call, otherwise notes per batch
// and one assembly call. Calls never exceed the mode's budget (one is kept back for a patch when allowed);
// any failure ends synthesis with a reason, and the caller falls back to the deterministic floor.
import { fail, ok, type Result } from "../../core/result.ts";
import type { Complete, ModelCall, ModelFailure } from "../../llm/types.ts";
import type { Extraction } from "./extract/types.ts";
import type { ModeBudget } from "./modes.ts";
import { assemblyPrompt, BATCH_SYSTEM, batchPrompt, SYNTHESIS_SYSTEM, synthesisPrompt } from "./prompts.ts";

// The one way the verified pipeline reaches a model (the adapter binds it to the session's model): src/llm's shapes.
export type { Complete, ModelCall, ModelFailure };

export interface SynthesisPlan {
  kind: "single" | "hierarchical";
  /** Batches synthesized (hierarchical drops the oldest beyond the call budget). */
  batches: string[];
  droppedBatches: number;
  calls: number;
}

export function planSynthesis(batches: string[], budget: ModeBudget): SynthesisPlan {
  if (batches.length <= 1) return { kind: "single", batches, droppedBatches: 0, calls: 1 };
  const room = Math.max(1, budget.maxCalls - 1 - (budget.modelPatch ? 1 : 0));
  const kept = batches.slice(-room);
  return {
    kind: "hierarchical",
    batches: kept,
    droppedBatches: batches.length - kept.length,
    calls: kept.length + 1,
  };
}

/** The summary or why there is none, with the model calls spent either way. */
export type SynthesisResult = Result<string, ModelFailure> & { calls: number };

/** A reply is usable when it is non-empty Markdown with at least one `## ` heading and closed fences. */
export function usableSummary(text: string): boolean {
  const fences = (text.match(/^\s*```/gm) ?? []).length;
  return text.trim().length > 0 && /^##\s+\S/m.test(text) && fences % 2 === 0;
}

export async function synthesize(
  plan: SynthesisPlan,
  x: Extraction,
  complete: Complete,
  limits: { maxTokens: number; timeoutMs: number },
  focus: string | undefined,
): Promise<SynthesisResult> {
  if (plan.kind === "single") {
    const reply = await complete({
      system: SYNTHESIS_SYSTEM,
      prompt: synthesisPrompt(x, plan.batches[0] ?? "", focus),
      ...limits,
    });
    if (!reply.ok) return { ...reply, calls: 1 };
    return usableSummary(reply.value)
      ? { ...ok(reply.value.trim()), calls: 1 }
      : { ...fail<ModelFailure>("invalid-response"), calls: 1 };
  }
  const notes: string[] = [];
  let calls = 0;
  for (const [i, batch] of plan.batches.entries()) {
    calls++;
    const reply = await complete({
      system: BATCH_SYSTEM,
      prompt: batchPrompt(i + 1, plan.batches.length, batch),
      ...limits,
    });
    if (!reply.ok) return { ...reply, calls };
    notes.push(reply.value.trim());
  }
  calls++;
  const reply = await complete({
    system: SYNTHESIS_SYSTEM,
    prompt: assemblyPrompt(x, notes, focus),
    ...limits,
  });
  if (!reply.ok) return { ...reply, calls };
  return usableSummary(reply.value)
    ? { ...ok(reply.value.trim()), calls }
    : { ...fail<ModelFailure>("invalid-response"), calls };
}
