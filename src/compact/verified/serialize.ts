// The compacted prefix as text for the model: user and assistant words, one line per tool call, bounded
// tool output, earlier summaries marked as recap. Secrets are scrubbed here, before any request is built.
import { scrubSecrets } from "../../core/secrets.ts";
import { type BranchEntry, messageOf, stringField, textOf, toolCallsOf } from "../../session/entries.ts";
import { readRefusal } from "../../session/refusals.ts";
import { formatToolCall } from "../verbatim/signature.ts";

const OUTPUT_CHARS = 1_500;

function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

function entryText(entry: BranchEntry, cwd: string): string | undefined {
  if (entry.type === "compaction" || entry.type === "branch_summary") {
    const summary = stringField(entry, "summary") ?? "";
    return `[earlier summary, recap only]\n${summary}`;
  }
  const message = messageOf(entry);
  if (!message) return undefined;
  if (message.role === "user") return `[user]\n${textOf(message.content, "\n")}`;
  if (message.role === "assistant") {
    const calls = toolCallsOf(message).map((call) => `[tool call] ${formatToolCall(call, cwd)}`);
    const text = textOf(message.content, "\n");
    return [text ? `[assistant]\n${text}` : "", ...calls].filter(Boolean).join("\n");
  }
  if (message.role === "toolResult") {
    const status = message.isError === true ? (readRefusal(message)?.label ?? "failed") : "ok";
    return `[tool result ${stringField(message, "toolName") ?? "?"} ${status}]\n${clipText(textOf(message.content), OUTPUT_CHARS)}`;
  }
  if (message.role === "bashExecution")
    return `[user shell] ${stringField(message, "command") ?? ""}\n${clipText(stringField(message, "output") ?? "", OUTPUT_CHARS)}`;
  return undefined;
}

/** The prefix split into pieces of at most `batchChars` (scrubbed), at entry boundaries. */
export function serializePrefix(prefix: readonly BranchEntry[], cwd: string, batchChars: number): string[] {
  const batches: string[] = [];
  let current = "";
  for (const entry of prefix) {
    const raw = entryText(entry, cwd);
    if (!raw) continue;
    const text = clipText(scrubSecrets(raw).text, batchChars);
    if (current !== "" && current.length + text.length + 2 > batchChars) {
      batches.push(current);
      current = "";
    }
    current = current === "" ? text : `${current}\n\n${text}`;
  }
  if (current !== "") batches.push(current);
  return batches;
}
