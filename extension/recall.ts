// Pi adapter for recall: keel_entries, keel_grep and keel_entry search the raw session branch (not the compacted
// view), and keel_lookup asks a sub-agent on the session's model. One keel_lookup attempt is allowed until the
// user speaks, a bash command runs, or another tool returns; the searches themselves never reset it.
import type {
  ExtensionAPI,
  ExtensionContext,
  ToolCallEvent,
  ToolCallEventResult,
  ToolResultEvent,
} from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { type AskContext, askModel, type ModelReply } from "../src/llm/ask-model.ts";
import { buildTranscript } from "../src/recall/lookup/index.ts";
import {
  type AskModel,
  LOOKUP_SYSTEM_PROMPT,
  type LookupMessage,
  runLookup,
} from "../src/recall/lookup/subagent.ts";
import {
  EntriesParams,
  EntryParams,
  GrepParams,
  type LookupToolName,
  runLookupTool,
} from "../src/recall/lookup/tool-schemas.ts";
import { textOf } from "../src/session/entries.ts";

const RECOVERY_TOOLS = new Set(["keel_lookup", "keel_entries", "keel_grep", "keel_entry"]);
const LOOKUP_TIMEOUT_MS = 120_000;
const text = (value: string, isError = false) => ({
  content: [{ type: "text" as const, text: value }],
  details: {},
  isError,
});
const transcriptOf = (ctx: ExtensionContext) => buildTranscript(ctx.sessionManager.getBranch());

/** Recall's steps in keel's pipelines: the one-lookup budget and what resets it. */
export interface RecallSteps {
  /** session_start, before_agent_start and user_bash: the user spoke or ran something. */
  reset(): void;
  /** tool_result: any tool other than the recovery tools resets the budget. */
  toolResult(event: ToolResultEvent): void;
  /** tool_call: a second keel_lookup before a reset is blocked. */
  toolCall(event: ToolCallEvent): ToolCallEventResult | undefined;
}

export function registerRecall(pi: ExtensionAPI): RecallSteps {
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
  registerDirectTools(pi);
  registerLookupTool(pi);
  return steps;
}

/** keel_entries, keel_grep and keel_entry: the searches over the raw branch, run by the agent directly. */
function registerDirectTools(pi: ExtensionAPI): void {
  const direct: Array<
    [string, LookupToolName, string, typeof EntriesParams | typeof GrepParams | typeof EntryParams]
  > = [
    [
      "keel_entries",
      "entries",
      "List the raw session's entries (ids, roles, times, previews), including everything compaction removed from view.",
      EntriesParams,
    ],
    [
      "keel_grep",
      "grep",
      "Search the raw session history (thinking, tool arguments and outputs included) with a regular expression; results name their ENTRY ids.",
      GrepParams,
    ],
    ["keel_entry", "entry", "Show one raw session entry in full, paged.", EntryParams],
  ];
  for (const [name, tool, description, parameters] of direct) {
    pi.registerTool({
      name,
      label: name.replace("_", " "),
      description,
      parameters,
      async execute(_id, params, _signal, _update, ctx) {
        const result = await runLookupTool(transcriptOf(ctx), tool, params as Record<string, unknown>);
        return text(result.text, result.isError);
      },
    });
  }
}

/** keel_lookup: a sub-agent on the session's model answers from the raw history with the same searches. */
function registerLookupTool(pi: ExtensionAPI): void {
  pi.registerTool({
    name: "keel_lookup",
    label: "keel lookup",
    description:
      "Recover a specific detail from earlier in this session (an exact error, a tool output, why something was decided), even after compaction. A helper searches the raw history and answers with ENTRY ids. One attempt until the next user message or tool run.",
    promptSnippet:
      "keel_lookup: recover details from this session's history that compaction removed from view",
    parameters: Type.Object(
      { question: Type.String({ minLength: 3, maxLength: 2000 }) },
      { additionalProperties: false },
    ),
    async execute(_id, params, signal, _update, ctx) {
      const model = ctx.model;
      if (!model) return text("keel_lookup needs an active model; use keel_grep instead.", true);
      const answer = await runLookup(params.question, transcriptOf(ctx), askVia(ctx, model, signal));
      const note = answer.complete ? "" : " (budget reached: partial)";
      return text(`${answer.answer}\n\n[keel_lookup: ${answer.calls} model calls${note}]`);
    },
  });
}

type PiModel = NonNullable<ExtensionContext["model"]>;

function askVia(ctx: ExtensionContext, model: PiModel, signal: AbortSignal | undefined): AskModel {
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
