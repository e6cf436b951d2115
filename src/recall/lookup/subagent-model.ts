// keel_lookup's sub-agent on a pi model: the three searches offered as its tools, the loop's plain messages as
// pi-ai messages, one call through the model seam (src/llm/ask-model.ts) per step. The pi adapter binds it to
// the session's model; hosts without a model (MCP) have no sub-agent.
import { type AskableModel, type AskContext, askModel, type ModelReply } from "../../llm/ask-model.ts";
import { textOf } from "../../session/entries.ts";
import { type AskModel, LOOKUP_SYSTEM_PROMPT, type LookupMessage } from "./subagent.ts";
import { EntriesParams, EntryParams, GrepParams } from "./tool-schemas.ts";

const LOOKUP_TIMEOUT_MS = 120_000;
type Registry = Parameters<typeof askModel>[0];

const TOOLS = [
  { name: "entries", description: "List entries of the raw session.", parameters: EntriesParams },
  { name: "grep", description: "Search the raw session text.", parameters: GrepParams },
  { name: "entry", description: "Read one entry.", parameters: EntryParams },
];

/** The sub-agent's model call on `model`; a failed call throws, which the loop reports as an incomplete answer. */
export function lookupModel(
  registry: Registry,
  model: AskableModel,
  signal: AbortSignal | undefined,
): AskModel {
  return async (messages, withTools) => {
    const answer = await askModel(registry, model, {
      context: {
        systemPrompt: LOOKUP_SYSTEM_PROMPT,
        messages: messages.map(toPiMessage),
        ...(withTools ? { tools: TOOLS } : {}),
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

function toPiMessage(message: LookupMessage): AskContext["messages"][number] {
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
