// Memory's steps in keel's pipelines: keel's memory guidance added to the system prompt before each run, and the
// check at agent_start that it reached the prompt (another extension may replace the whole prompt). Rules live
// in src/memory/guidance.ts; this file only translates. It never throws into pi.
import type { BeforeAgentStartEvent, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describeError } from "../src/core/errors.ts";
import { buildGuidance, GUIDANCE_SECTION, promptHasGuidance } from "../src/memory/guidance.ts";
import { memoryStatus } from "../src/memory/status.ts";
import { storeDeps } from "../src/project/context.ts";
import type { SessionRuntime } from "./runtime.ts";

type MemoryRuntime = () => SessionRuntime | undefined;

export interface MemorySteps {
  /** before_agent_start: the guidance section, or a whole prompt when another extension forced one. */
  beforeRun(
    event: BeforeAgentStartEvent,
    ctx: ExtensionContext,
  ): Promise<{ systemPrompt: string } | undefined>;
  /** agent_start: warn once when the guidance did not reach the prompt. */
  agentStart(ctx: ExtensionContext): Promise<void>;
  /** Whether another extension's prompt replaced the guidance (keel_memory status reports it). */
  replaced(): boolean;
}

export function createMemoryGuidance(runtime: MemoryRuntime): MemorySteps {
  let guidanceExpected = false;
  let conflictReported = false;
  const reported = new Set<string>();
  const notifyOnce = (ctx: ExtensionContext, message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    ctx.ui.notify(message, "warning");
  };
  return {
    async beforeRun(event, ctx) {
      try {
        const guidance = buildGuidance(await statusFor(runtime));
        event.systemPromptOptions.sections[GUIDANCE_SECTION] = guidance;
        guidanceExpected = true;
        const forced = event.systemPromptOptions.forceSystemPrompt;
        if (typeof forced === "string" && !promptHasGuidance(forced))
          return { systemPrompt: `${forced}\n\n${guidance}` };
        return undefined;
      } catch (error) {
        notifyOnce(ctx, `keel: memory guidance skipped: ${describeError(error)}`);
        return undefined;
      }
    },
    async agentStart(ctx) {
      try {
        if (!guidanceExpected || conflictReported) return;
        if (!promptHasGuidance(ctx.getSystemPrompt())) {
          conflictReported = true;
          ctx.ui.notify(
            "keel: another extension replaced the system prompt, so keel's memory guidance is missing (keel_memory still works)",
            "warning",
          );
        }
      } catch (error) {
        notifyOnce(ctx, `keel: memory guidance check failed: ${describeError(error)}`);
      }
    },
    replaced: () => conflictReported,
  };
}

async function statusFor(runtime: MemoryRuntime) {
  const rt = runtime();
  if (!rt?.store) return { unavailable: "store not open" };
  if (!rt.project.ok) return { unavailable: rt.project.reason.message };
  return memoryStatus(storeDeps(rt.project.value), rt.project.value.project.id);
}
