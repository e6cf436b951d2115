// Plain types for pi session entries as keel reads them, plus small accessors that tolerate odd data.
// The shapes mirror pi's own (`SessionEntry`, `AgentMessage`); files from disk may still break them,
// so every accessor checks before it trusts. Parsing lives in parse.ts, walking in branch.ts.
import type { SessionEntry, SessionHeader } from "@earendil-works/pi-coding-agent";

export type { SessionEntry, SessionHeader };

/** An entry as keel handles it: one of pi's, or an unknown type kept only for its tree links. */
export type BranchEntry = SessionEntry;

/** The entry types pi 1.6 writes; anything else is kept but reported. */
export const KNOWN_ENTRY_TYPES: ReadonlySet<string> = new Set([
  "message",
  "thinking_level_change",
  "model_change",
  "usage",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "context_edit",
  "label",
  "session_info",
]);

export interface ToolCallInfo {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

type Loose = Record<string, unknown>;

const asRecord = (value: unknown): Loose | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Loose) : undefined;

/** The message inside a `message` entry, or undefined. */
export function messageOf(entry: BranchEntry): Loose | undefined {
  return entry.type === "message" ? asRecord((entry as { message?: unknown }).message) : undefined;
}

/** A message's role (`user`, `assistant`, `toolResult`, `bashExecution`, `custom`, …) or undefined. */
export function roleOf(entry: BranchEntry): string | undefined {
  const role = messageOf(entry)?.role;
  return typeof role === "string" ? role : undefined;
}

/** The blocks of a content field: a string becomes one text block, junk becomes none. */
export function contentBlocks(content: unknown): Loose[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.map(asRecord).filter((block): block is Loose => block !== undefined);
}

/** All text blocks of a content field joined with blank lines; images and others are skipped. */
export function textOf(content: unknown, separator = "\n\n"): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  let out = "";
  let first = true;
  for (const block of content) {
    if (
      block === null ||
      typeof block !== "object" ||
      block.type !== "text" ||
      typeof block.text !== "string"
    )
      continue;
    out = first ? block.text : `${out}${separator}${block.text}`;
    first = false;
  }
  return out;
}

/** Whether the content holds only text (no images or other media). */
export function isTextOnly(content: unknown): boolean {
  if (typeof content === "string") return true;
  if (!Array.isArray(content)) return false;
  let blocks = 0;
  for (const block of content) {
    if (asRecord(block) === undefined) continue;
    if (block.type !== "text" || typeof block.text !== "string") return false;
    blocks++;
  }
  return blocks > 0;
}

/** The tool calls of an assistant message, in order. */
export function toolCallsOf(message: Loose | undefined): ToolCallInfo[] {
  if (message?.role !== "assistant" || !Array.isArray(message.content)) return [];
  const calls: ToolCallInfo[] = [];
  for (const block of message.content as Loose[]) {
    if (block === null || typeof block !== "object" || block.type !== "toolCall") continue;
    calls.push({
      id: typeof block.id === "string" ? block.id : "",
      name: typeof block.name === "string" ? block.name : "?",
      args: asRecord(block.arguments) ?? {},
    });
  }
  return calls;
}

export function stringField(value: unknown, key: string): string | undefined {
  const field = asRecord(value)?.[key];
  return typeof field === "string" ? field : undefined;
}

export function numberField(value: unknown, key: string): number | undefined {
  const field = asRecord(value)?.[key];
  return typeof field === "number" && Number.isFinite(field) ? field : undefined;
}

export { asRecord };
