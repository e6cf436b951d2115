// Renders raw session entries as plain text for lookup: an ENTRY header per entry, then its sections
// ([text], [thinking], [toolCall], [output], …), everything untruncated. Attribution of lines to entries is
// not done by parsing this text; recall/lookup keeps a line-range index built alongside it.
import { boundedJson } from "../core/bounded-json.ts";
import {
  asRecord,
  type BranchEntry,
  contentBlocks,
  messageOf,
  numberField,
  stringField,
  textOf,
  toolCallsOf,
} from "./entries.ts";
import { readRefusal } from "./refusals.ts";

/** The role shown in an entry's header: the message role, or the entry type for non-message entries. */
export function entryRole(entry: BranchEntry): string {
  const role = messageOf(entry)?.role;
  if (typeof role === "string") return role;
  return typeof entry.type === "string" ? entry.type : "(no type)";
}

/** A short label after the role: tool name and outcome, custom type, and the like. */
export function entryDetail(entry: BranchEntry): string {
  const message = messageOf(entry);
  if (message?.role === "toolResult") {
    const outcome = message.isError === true ? (readRefusal(message)?.label ?? "error") : "ok";
    return `${stringField(message, "toolName") ?? "?"} call=${stringField(message, "toolCallId") ?? "?"} ${outcome}`;
  }
  if (message?.role === "assistant") {
    const calls = toolCallsOf(message).length;
    return calls > 0 ? `${calls} tool call${calls === 1 ? "" : "s"}` : "";
  }
  if (message?.role === "custom") return stringField(message, "customType") ?? "";
  if (entry.type === "custom" || entry.type === "custom_message")
    return stringField(entry, "customType") ?? "";
  return "";
}

export function entryHeader(entry: BranchEntry): string {
  const detail = entryDetail(entry);
  return `ENTRY ${entry.id}  ${entryRole(entry)}${detail ? ` (${detail})` : ""}  ${entry.timestamp ?? ""}`.trimEnd();
}

/** The full text of one entry: header line first, then sections. */
export function renderEntryLines(entry: BranchEntry): string[] {
  const lines = [entryHeader(entry)];
  const push = (marker: string, text: string) => {
    lines.push(marker);
    if (text === "") return;
    for (const line of text.split("\n")) lines.push(line);
  };
  const message = messageOf(entry);
  if (message) {
    renderMessage(message, push);
    return lines;
  }
  const record = entry as unknown as Record<string, unknown>;
  switch (entry.type) {
    case "compaction":
      push(
        `[compaction] firstKept=${stringField(record, "firstKeptEntryId") ?? "?"} tokensBefore=${numberField(record, "tokensBefore") ?? "?"}`,
        "",
      );
      push("[summary]", stringField(record, "summary") ?? "");
      break;
    case "branch_summary":
      push(
        `[branch summary] from=${stringField(record, "fromId") ?? "?"}`,
        stringField(record, "summary") ?? "",
      );
      break;
    case "custom_message":
      push("[content]", renderContent(record.content));
      break;
    case "custom":
      push("[data]", prettyJson(record.data ?? null));
      break;
    default:
      push("[fields]", boundedJson(withoutTreeFields(record)) ?? "{}");
  }
  return lines;
}

/** Indented JSON of a value from the session file, depth- and size-bounded. */
const prettyJson = (value: unknown): string => boundedJson(value, { indent: 2 }) ?? "null";

type Push = (marker: string, text: string) => void;

function renderMessage(message: Record<string, unknown>, push: Push): void {
  switch (message.role) {
    case "assistant":
      for (const block of contentBlocks(message.content)) {
        if (block.type === "thinking")
          push("[thinking]", stringField(block, "thinking") ?? (block.redacted ? "(redacted)" : ""));
        else if (block.type === "text") push("[text]", stringField(block, "text") ?? "");
        else if (block.type === "toolCall") {
          push(
            `[toolCall] ${stringField(block, "name") ?? "?"} id=${stringField(block, "id") ?? "?"}`,
            prettyJson(block.arguments ?? {}),
          );
        } else push(`[${String(block.type)}]`, "");
      }
      if (typeof message.errorMessage === "string") push("[error]", message.errorMessage);
      return;
    case "toolResult":
      push("[output]", renderContent(message.content));
      return;
    case "bashExecution":
      push(
        `[shell] exit=${numberField(message, "exitCode") ?? "?"}`,
        `$ ${stringField(message, "command") ?? ""}`,
      );
      push("[output]", stringField(message, "output") ?? "");
      return;
    case "branchSummary":
    case "compactionSummary":
      push("[summary]", stringField(message, "summary") ?? "");
      return;
    case "system":
      push("[system]", textOf(message.content));
      return;
    default:
      push("[text]", renderContent(message.content));
  }
}

/** Text blocks verbatim; images as a one-line placeholder with their size. */
export function renderContent(content: unknown): string {
  const parts: string[] = [];
  for (const block of contentBlocks(content)) {
    if (block.type === "text") parts.push(stringField(block, "text") ?? "");
    else if (block.type === "image") {
      const size = typeof block.data === "string" ? block.data.length : 0;
      parts.push(`[image ${stringField(block, "mimeType") ?? "?"}, ${size} base64 chars]`);
    } else parts.push(`[${String(block.type)} block]`);
  }
  return parts.join("\n");
}

function withoutTreeFields(record: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, parentId: _parent, timestamp: _ts, ...rest } = asRecord(record) ?? {};
  return rest;
}
