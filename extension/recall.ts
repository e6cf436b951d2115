// Pi adapter for recall (its tools are defined in src/recall/lookup/tool-defs.ts, the sub-agent's model call in
// src/recall/lookup/subagent-model.ts): keel_lookup's budget, one attempt until the user speaks, a bash command
// runs, or another tool returns; the searches themselves never reset it.
import type { ToolCallEvent, ToolCallEventResult, ToolResultEvent } from "@earendil-works/pi-coding-agent";

const RECOVERY_TOOLS = new Set(["keel_lookup", "keel_entries", "keel_grep", "keel_entry"]);

/** Recall's steps in keel's pipelines: the one-lookup budget and what resets it. */
export interface RecallSteps {
  /** session_start, before_agent_start and user_bash: the user spoke or ran something. */
  reset(): void;
  /** tool_result: any tool other than the recovery tools resets the budget. */
  toolResult(event: ToolResultEvent): void;
  /** tool_call: a second keel_lookup before a reset is blocked. */
  toolCall(event: ToolCallEvent): ToolCallEventResult | undefined;
}

export function createRecall(): RecallSteps {
  let lookupSpent = false;
  const steps: RecallSteps = {
    reset() {
      lookupSpent = false;
    },
    toolResult(event) {
      if (!RECOVERY_TOOLS.has(event.toolName)) lookupSpent = false;
    },
    // Checked when the call is made, so parallel calls in one batch cannot both start a sub-agent.
    toolCall(event) {
      if (event.toolName !== "keel_lookup") return undefined;
      if (lookupSpent) {
        return {
          block: true,
          reason:
            "keel_lookup was already used since the last user message or tool run; use keel_grep, keel_entries and keel_entry directly.",
        };
      }
      lookupSpent = true;
      return undefined;
    },
  };
  return steps;
}
