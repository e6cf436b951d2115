// The data behind the session page's conversation view: the current leaf's branch read as a conversation, one
// page at a time. User and assistant turns keep their text; each tool call carries its result (matched by call
// id anywhere on the branch); keel's events become labelled markers; every body is bounded. Rendering is the
// page's job; the raw-entries timeline is session-view.ts.
import { compactionDetailsOf } from "../compact/details.ts";
import type { TokensAfter } from "../compact/tokens-after.ts";
import { boundedJson } from "../core/bounded-json.ts";
import {
  type BranchEntry,
  contentBlocks,
  messageOf,
  numberField,
  stringField,
  toolCallsOf,
} from "../session/entries.ts";
import type { ParsedSession } from "../session/parse.ts";
import { readRefusal } from "../session/refusals.ts";
import { renderContent } from "../session/render-text.ts";
import { currentBranch } from "./branch-memo.ts";
import { type EditPatch, readEditPatch } from "./edit-patch.ts";
import { describeKeelEvent, isKeelType, type KeelMarker } from "./keel-markers.ts";

export const CONVERSATION_PAGE = 100;
/** How much of one body (a turn, arguments, an output) the page carries. */
export const BODY_CHARS = 20_000;
/** How much body text one page carries in all; past it, each body shows only its start. */
export const PAGE_CHARS = 100_000;
const SPENT_CHARS = 500;
const SUMMARY_CHARS = 120;

/** A text cut to BODY_CHARS; `totalChars` tells the page whether and how much was left out. */
export interface BoundedText {
  text: string;
  totalChars: number;
}

export interface ToolCallView {
  id: string;
  name: string;
  /** One line: the command, the path, or the arguments in short. */
  summary: string;
  args: BoundedText;
  /** "refused": keel (loop brake), the user (destructive command) or the lack of a UI stopped the call. */
  outcome: "ok" | "error" | "no result" | "refused";
  /** How a refused call reads ("refused by keel: loop brake"); null when the call ran. */
  refusal: string | null;
  resultId: string | null;
  output: BoundedText | null;
  /** An edit call's change as a unified diff. */
  patch: EditPatch | null;
}

interface Base {
  id: string;
  timestamp: string | null;
}

export type ConversationItem =
  | (Base & { kind: "user"; text: BoundedText })
  | (Base & {
      kind: "assistant";
      model: string | null;
      text: BoundedText;
      thinking: BoundedText | null;
      toolCalls: ToolCallView[];
      error: string | null;
    })
  | (Base & { kind: "tool-result"; toolName: string; outcome: "ok" | "error"; output: BoundedText })
  | (Base & { kind: "shell"; command: string; exitCode: number | null; output: BoundedText })
  | (Base & { kind: "keel"; customType: string; marker: KeelMarker; body: BoundedText })
  | (Base & {
      kind: "compaction";
      strategy: string;
      tokensBefore: number | null;
      /** The figure keel recorded (recorded-tokens.ts), null when the route gave none. */
      tokensAfter: TokensAfter | null;
      summary: BoundedText;
    })
  | (Base & { kind: "note"; label: string; body: BoundedText | null });

export interface ConversationView {
  leafId: string | null;
  /** Entries on the branch, and how many of them the conversation shows (results fold into their calls). */
  branchEntries: number;
  total: number;
  offset: number;
  items: ConversationItem[];
}

function cutText(text: string, chars: number): BoundedText {
  return { text: text.length > chars ? text.slice(0, chars) : text, totalChars: text.length };
}

/** A page's bodies: each cut to BODY_CHARS, and to SPENT_CHARS once the page has shown PAGE_CHARS. */
function pageBudget(): (text: string) => BoundedText {
  let left = PAGE_CHARS;
  return (text) => {
    const cut = cutText(text, left > 0 ? BODY_CHARS : SPENT_CHARS);
    left -= cut.text.length;
    return cut;
  };
}

interface Ctx {
  results: ReadonlyMap<string, BranchEntry>;
  bound: (text: string) => BoundedText;
  tokensAfter: ReadonlyMap<string, TokensAfter>;
}

const oneLine = (text: string): string => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
};

/** Entries the conversation never shows on their own: tree bookkeeping and results folded into their calls. */
const HIDDEN_TYPES: ReadonlySet<string> = new Set(["context_edit", "label", "usage"]);

export function buildConversationView(
  session: Pick<ParsedSession, "entries" | "byId">,
  options: {
    offset?: number;
    page?: number;
    leafId?: string;
    tokensAfter?: ReadonlyMap<string, TokensAfter>;
  } = {},
): ConversationView {
  const { leafId, branchEntries, flow, results } = flowOf(session, options.leafId);
  const ctx: Ctx = { results, bound: pageBudget(), tokensAfter: options.tokensAfter ?? new Map() };
  const page = options.page ?? CONVERSATION_PAGE;
  const offset = clampOffset(options.offset ?? 0, flow.length);
  return {
    leafId,
    branchEntries,
    total: flow.length,
    offset,
    items: flow.slice(offset, offset + page).map((entry) => itemOf(entry, ctx)),
  };
}

interface Flow {
  leafId: string | null;
  branchEntries: number;
  /** The branch's entries the conversation shows, in order. */
  flow: BranchEntry[];
  /** Tool results by call id. */
  results: Map<string, BranchEntry>;
}

const flows = new WeakMap<object, { count: number; leaf: string | undefined; flow: Flow }>();

/** The conversation's entries of one branch, worked out once per parse and leaf (the page asks on every view). */
function flowOf(session: Pick<ParsedSession, "entries" | "byId">, leaf: string | undefined): Flow {
  const kept = flows.get(session);
  if (kept && kept.count === session.entries.length && kept.leaf === leaf) return kept.flow;
  const branch = currentBranch(session, leaf);
  const entries = branch.ok ? branch.value.entries : [];
  const results = new Map<string, BranchEntry>();
  const called = new Set<string>();
  for (const entry of entries) {
    const message = messageOf(entry);
    if (message?.role === "toolResult") {
      const callId = stringField(message, "toolCallId");
      if (callId) results.set(callId, entry);
    } else for (const call of toolCallsOf(message)) called.add(call.id);
  }
  const flow = entries.filter((entry) => {
    if (HIDDEN_TYPES.has(String(entry.type))) return false;
    const message = messageOf(entry);
    return message?.role !== "toolResult" || !called.has(stringField(message, "toolCallId") ?? "");
  });
  const built = {
    leafId: branch.ok ? branch.value.leafId : null,
    branchEntries: entries.length,
    flow,
    results,
  };
  flows.set(session, { count: session.entries.length, leaf, flow: built });
  return built;
}

function clampOffset(offset: number, total: number): number {
  if (!Number.isFinite(offset) || offset < 0) return 0;
  return Math.min(Math.trunc(offset), Math.max(0, total - 1));
}

function itemOf(entry: BranchEntry, ctx: Ctx): ConversationItem {
  const bounded = ctx.bound;
  const base = { id: entry.id, timestamp: entry.timestamp ?? null };
  const message = messageOf(entry);
  if (message) return messageItem(base, message, ctx);
  const record = entry as unknown as Record<string, unknown>;
  const customType = stringField(record, "customType") ?? "";
  if ((entry.type === "custom" || entry.type === "custom_message") && isKeelType(customType)) {
    const marker = describeKeelEvent(
      customType,
      entry.type === "custom" ? { data: record.data } : { content: renderContent(record.content) },
    );
    return { ...base, kind: "keel", customType, marker, body: bounded(marker.body) };
  }
  switch (entry.type) {
    case "compaction":
      return {
        ...base,
        kind: "compaction",
        strategy: compactionDetailsOf(entry as never).strategy,
        tokensBefore: numberField(record, "tokensBefore") ?? null,
        tokensAfter: ctx.tokensAfter.get(entry.id) ?? null,
        summary: bounded(stringField(record, "summary") ?? ""),
      };
    case "branch_summary":
      return {
        ...base,
        kind: "note",
        label: "Branch summary",
        body: bounded(stringField(record, "summary") ?? ""),
      };
    case "model_change":
      return {
        ...base,
        kind: "note",
        label: `Model: ${stringField(record, "provider") ?? "?"}/${stringField(record, "modelId") ?? "?"}`,
        body: null,
      };
    case "thinking_level_change":
      return {
        ...base,
        kind: "note",
        label: `Thinking level: ${stringField(record, "thinkingLevel") ?? "?"}`,
        body: null,
      };
    case "session_info":
      return {
        ...base,
        kind: "note",
        label: `Session named ${stringField(record, "name") ?? "(none)"}`,
        body: null,
      };
    case "custom_message":
      return {
        ...base,
        kind: "note",
        label: `Message ${customType}`,
        body: bounded(renderContent(record.content)),
      };
    case "custom":
      return { ...base, kind: "note", label: `Record ${customType}`, body: bounded(jsonOf(record.data)) };
    default:
      return { ...base, kind: "note", label: `Entry ${String(entry.type)}`, body: null };
  }
}

const jsonOf = (value: unknown): string =>
  boundedJson(value ?? null, { indent: 2, maxChars: BODY_CHARS + 1 }) ?? "null";

function messageItem(base: Base, message: Record<string, unknown>, ctx: Ctx): ConversationItem {
  const bounded = ctx.bound;
  switch (message.role) {
    case "user":
      return { ...base, kind: "user", text: bounded(renderContent(message.content)) };
    case "assistant":
      return assistantItem(base, message, ctx);
    case "toolResult":
      return {
        ...base,
        kind: "tool-result",
        toolName: stringField(message, "toolName") ?? "?",
        outcome: message.isError === true ? "error" : "ok",
        output: bounded(renderContent(message.content)),
      };
    case "bashExecution":
      return {
        ...base,
        kind: "shell",
        command: stringField(message, "command") ?? "",
        exitCode: numberField(message, "exitCode") ?? null,
        output: bounded(stringField(message, "output") ?? ""),
      };
    case "custom": {
      const customType = stringField(message, "customType") ?? "";
      const content = renderContent(message.content);
      if (!isKeelType(customType))
        return { ...base, kind: "note", label: `Message ${customType}`, body: bounded(content) };
      const marker = describeKeelEvent(customType, { content });
      return { ...base, kind: "keel", customType, marker, body: bounded(content) };
    }
    case "system":
      return { ...base, kind: "note", label: "System prompt", body: bounded(systemText(message)) };
    case "branchSummary":
    case "compactionSummary":
      return {
        ...base,
        kind: "note",
        label: "Summary",
        body: bounded(stringField(message, "summary") ?? ""),
      };
    default:
      return {
        ...base,
        kind: "note",
        label: `Message ${String(message.role)}`,
        body: bounded(renderContent(message.content)),
      };
  }
}

function systemText(message: Record<string, unknown>): string {
  const sections = message.sections;
  if (sections === null || typeof sections !== "object" || Array.isArray(sections))
    return renderContent(message.content);
  return Object.entries(sections as Record<string, unknown>)
    .filter((pair): pair is [string, string] => typeof pair[1] === "string")
    .map(([name, text]) => `[${name}]\n${text}`)
    .join("\n\n");
}

function assistantItem(base: Base, message: Record<string, unknown>, ctx: Ctx): ConversationItem {
  const bounded = ctx.bound;
  const texts: string[] = [];
  const thinking: string[] = [];
  for (const block of contentBlocks(message.content)) {
    if (block.type === "text") texts.push(stringField(block, "text") ?? "");
    else if (block.type === "thinking")
      thinking.push(stringField(block, "thinking") ?? (block.redacted ? "(redacted)" : ""));
  }
  return {
    ...base,
    kind: "assistant",
    model: stringField(message, "model") ?? null,
    text: bounded(texts.join("\n\n")),
    thinking: thinking.length > 0 ? bounded(thinking.join("\n\n")) : null,
    toolCalls: toolCallsOf(message).map((call) => toolCallView(call, ctx.results.get(call.id), bounded)),
    error: typeof message.errorMessage === "string" ? message.errorMessage.slice(0, BODY_CHARS) : null,
  };
}

function toolCallView(
  call: { id: string; name: string; args: Record<string, unknown> },
  result: BranchEntry | undefined,
  bounded: (text: string) => BoundedText,
): ToolCallView {
  const resultMessage = result ? messageOf(result) : undefined;
  const refusal = readRefusal(resultMessage);
  const args = jsonOf(call.args);
  const lead =
    stringField(call.args, "command") ??
    stringField(call.args, "path") ??
    stringField(call.args, "file_path");
  return {
    id: call.id,
    name: call.name,
    summary: oneLine(lead ?? boundedJson(call.args, { maxChars: SUMMARY_CHARS * 2 }) ?? ""),
    args: bounded(args),
    outcome: outcomeOf(resultMessage, refusal !== undefined),
    refusal: refusal?.label ?? null,
    resultId: result?.id ?? null,
    output: resultMessage ? bounded(renderContent(resultMessage.content)) : null,
    patch: refusal ? null : readEditPatch(call, resultMessage?.details),
  };
}

function outcomeOf(result: Record<string, unknown> | undefined, refused: boolean): ToolCallView["outcome"] {
  if (!result) return "no result";
  if (refused) return "refused";
  return result.isError === true ? "error" : "ok";
}
