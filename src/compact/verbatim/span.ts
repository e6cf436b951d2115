// Turns the entries pi is compacting into checkpoint lines: user text verbatim, assistant prose kept,
// thinking and tool output dropped, each tool call a one-line signature with its paired outcome,
// custom messages as type stubs. Context edits are honoured (omitted entries vanish, replacements show).
import {
  type BranchEntry,
  contentBlocks,
  messageOf,
  numberField,
  stringField,
  textOf,
  toolCallsOf,
} from "../../session/entries.ts";
import { type BranchIndex, neverRan, outcomeOf } from "./branch-index.ts";
import { formatToolCall, previewJson, shellCwdToDot } from "./signature.ts";
import { REORIENT_CUSTOM_TYPE, type SpanLine } from "./types.ts";

/** Whether an entry is keel's managed re-orientation message (skipped in spans, regenerated instead). */
export function isManagedReorientation(entry: BranchEntry): boolean {
  const message = messageOf(entry);
  const type =
    entry.type === "custom_message" ? stringField(entry, "customType") : stringField(message, "customType");
  return type === REORIENT_CUSTOM_TYPE;
}

/** Lines for entries [from, to) of the branch, skipping compactions and entries with no context role. */
export function renderSpanLines(
  branch: readonly BranchEntry[],
  from: number,
  to: number,
  index: BranchIndex,
  cwd: string,
): SpanLine[] {
  const lines: SpanLine[] = [];
  for (let i = from; i < to; i++) {
    const entry = branch[i]!;
    if (isManagedReorientation(entry)) continue;
    const edit = index.edits.get(entry.id);
    if (edit === null) continue;
    for (const line of entryLines(entry, cwd, index, edit?.content))
      lines.push({ kind: line.kind, text: line.text, entryId: entry.id });
  }
  return lines;
}

type Line = Omit<SpanLine, "entryId">;

function entryLines(entry: BranchEntry, cwd: string, index: BranchIndex, replaced: unknown): Line[] {
  if (entry.type === "custom_message") return [customStub(stringField(entry, "customType"))];
  if (entry.type === "branch_summary") {
    return [{ kind: "other", text: `[Branch summary]: ${stringField(entry, "summary") ?? ""}` }];
  }
  const message = messageOf(entry);
  if (!message) return [];
  const content = replaced !== undefined ? replaced : message.content;
  switch (message.role) {
    case "user":
      return [{ kind: "user", text: `[User]: ${userText(content)}` }];
    case "assistant":
      return assistantLines(message, content, cwd, index);
    case "bashExecution": {
      const command = previewJson(shellCwdToDot(stringField(message, "command") ?? "", cwd));
      const exit = numberField(message, "exitCode");
      const status =
        message.cancelled === true ? "cancelled" : exit === undefined ? "unknown" : `exit ${exit}`;
      return [{ kind: "other", text: `[User shell] command=${command} [${status}]` }];
    }
    case "custom":
      return [customStub(stringField(message, "customType"))];
    case "branchSummary":
      return [{ kind: "other", text: `[Branch summary]: ${stringField(message, "summary") ?? ""}` }];
    default:
      return [];
  }
}

function customStub(type: string | undefined): Line {
  return { kind: "other", text: `[Custom message] type=${previewJson(type ?? "?")} (content removed)` };
}

function userText(content: unknown): string {
  const text = textOf(content);
  const images = contentBlocks(content).filter((block) => block.type === "image").length;
  if (images === 0) return text;
  const note = `(+${images} image${images === 1 ? "" : "s"} removed)`;
  return text === "" ? note : `${text} ${note}`;
}

function assistantLines(
  message: Record<string, unknown>,
  content: unknown,
  cwd: string,
  index: BranchIndex,
): Line[] {
  const lines: Line[] = [];
  const prose = textOf(content);
  if (prose.trim() !== "") lines.push({ kind: "other", text: `[Assistant]: ${prose}` });
  const stop = stringField(message, "stopReason");
  if ((stop === "error" || stop === "aborted") && prose.trim() === "") {
    const why = stringField(message, "errorMessage");
    lines.push({
      kind: "other",
      text: `[Assistant] (response ${stop}${why ? `: ${previewJson(why)}` : ""})`,
    });
  }
  // Tool calls come from the original message: a context edit replaces content, not what was executed.
  for (const call of toolCallsOf(message)) {
    lines.push({
      kind: "other",
      text: `[Tool call] ${formatToolCall(call, cwd)} [${neverRan(message, call.id, index) ? "not run" : outcomeOf(index, call.id)}]`,
    });
  }
  return lines;
}
