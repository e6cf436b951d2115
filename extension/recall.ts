// Pi adapter for recall (its tools are defined in src/recall/lookup/tool-defs.ts): keel_lookup's sub-agent on the
// session's model, and its budget: one keel_lookup attempt until the user speaks, a bash command runs, or another
// tool returns; the searches themselves never reset it.
import type {
  ExtensionContext,
  ToolCallEvent,
  ToolCallEventResult,
  ToolResultEvent,
} from "@earendil-works/pi-coding-agent";
import { type AskContext, askModel, type ModelReply } from "../src/llm/ask-model.ts";
import { type AskModel, LOOKUP_SYSTEM_PROMPT, type LookupMessage } from "../src/recall/lookup/subagent.ts";
import { EntriesParams, EntryParams, GrepParams } from "../src/recall/lookup/tool-schemas.ts";
import { textOf } from "../src/session/entries.ts";

const RECOVERY_TOOLS = new Set(["keel_lookup", "keel_entries", "keel_grep", "keel_entry"]);
const LOOKUP_TIMEOUT_MS = 120_000;

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

type PiModel = NonNullable<ExtensionContext["model"]>;

/** keel_lookup's sub-agent on the session's model, with the three searches as its tools. */
export function askVia(ctx: ExtensionContext, model: PiModel, signal: AbortSignal | undefined): AskModel {
  const tools = [
    { name: "entries", description: "List entries of the raw session.", parameters: EntriesParams },
    { name: "grep", description: "Search the raw session text.", parameters: GrepParams },
    { name: "entry", description: "Read one entry.", parameters: EntryParams },
  ];
  return async (messages, withTools) => {
    const answer = await askModel(ctx.modelRegistry, model, {
      context: {
        systemPrompt: LOOKUP_SYSTEM_PROMPT,
        messages: messages.map(toPiMessage),
        ...(withTools ? { tools } : {}),
      },
      maxTokens: 2048,
      deadlineMs: LOOKUP_TIMEOUT_MS,
      signal,
    });
    if (!answer.ok) throw new Error(answer.reason.message);
    const parts = answer.value.content;
    return {
      text: textOf(parts, ""),
      toolCalls: parts
        .filter((p) => p.type === "toolCall")
        .map((p) => ({ id: p.id, name: p.name, arguments: p.arguments })),
      raw: answer.value,
    };
  };
}

type PiMessage = AskContext["messages"][number];

function toPiMessage(message: LookupMessage): PiMessage {
  const timestamp = Date.now();
  if (message.role === "assistant") return message.raw as ModelReply;
  if (message.role === "user")
    return { role: "user", content: [{ type: "text", text: message.text }], timestamp };
  return {
    role: "toolResult",
    toolCallId: message.toolCallId,
    toolName: message.toolName,
    content: [{ type: "text", text: message.text }],
    isError: message.isError,
    timestamp,
  };
}
