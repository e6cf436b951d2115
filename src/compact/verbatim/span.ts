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
export function isManagedReorientation(entry: BranchEntry, message = messageOf(entry)): boolean {
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
    const message = messageOf(entry);
    if (isManagedReorientation(entry, message)) continue;
    const edit = index.edits.get(entry.id);
    if (edit === null) continue;
    entryLines({ entry, message, cwd, index, lines }, edit?.content);
  }
  return lines;
}

/** One entry's rendering job: its lines go straight into the span's list. */
interface EntryJob {
  entry: BranchEntry;
  message: Record<string, unknown> | undefined;
  cwd: string;
  index: BranchIndex;
  lines: SpanLine[];
}

function add(job: EntryJob, kind: SpanLine["kind"], text: string): void {
  job.lines.push({ kind, text, entryId: job.entry.id });
}

function entryLines(job: EntryJob, replaced: unknown): void {
  const { entry, message } = job;
  if (message?.role === "assistant") {
    assistantLines(job, message, replaced !== undefined ? replaced : message.content);
    return;
  }
  const text = otherLine(entry, message, replaced, job.cwd);
  if (text !== undefined) add(job, message?.role === "user" ? "user" : "other", text);
}

/** The one line of any entry but an assistant message, or undefined when it has no context role. */
function otherLine(
  entry: BranchEntry,
  message: Record<string, unknown> | undefined,
  replaced: unknown,
  cwd: string,
): string | undefined {
  if (entry.type === "custom_message") return customStub(stringField(entry, "customType"));
  if (entry.type === "branch_summary") return `[Branch summary]: ${stringField(entry, "summary") ?? ""}`;
  if (!message) return undefined;
  switch (message.role) {
    case "user":
      return `[User]: ${userText(replaced !== undefined ? replaced : message.content)}`;
    case "bashExecution": {
      const command = previewJson(shellCwdToDot(stringField(message, "command") ?? "", cwd));
      const exit = numberField(message, "exitCode");
      const status =
        message.cancelled === true ? "cancelled" : exit === undefined ? "unknown" : `exit ${exit}`;
      return `[User shell] command=${command} [${status}]`;
    }
    case "custom":
      return customStub(stringField(message, "customType"));
    case "branchSummary":
      return `[Branch summary]: ${stringField(message, "summary") ?? ""}`;
    default:
      return undefined;
  }
}

function customStub(type: string | undefined): string {
  return `[Custom message] type=${previewJson(type ?? "?")} (content removed)`;
}

function userText(content: unknown): string {
  const text = textOf(content);
  if (typeof content === "string") return text;
  const images = contentBlocks(content).filter((block) => block.type === "image").length;
  if (images === 0) return text;
  const note = `(+${images} image${images === 1 ? "" : "s"} removed)`;
  return text === "" ? note : `${text} ${note}`;
}

/** Whether `text` is empty or all whitespace; a printable ASCII first character settles it without trim(). */
function isBlank(text: string): boolean {
  const first = text.charCodeAt(0);
  return text === "" || ((first <= 32 || first >= 127) && text.trim() === "");
}

function assistantLines(job: EntryJob, message: Record<string, unknown>, content: unknown): void {
  const prose = textOf(content);
  const silent = isBlank(prose);
  if (!silent) add(job, "other", `[Assistant]: ${prose}`);
  const stop = stringField(message, "stopReason");
  if ((stop === "error" || stop === "aborted") && silent) {
    const why = stringField(message, "errorMessage");
    add(job, "other", `[Assistant] (response ${stop}${why ? `: ${previewJson(why)}` : ""})`);
  }
  // Tool calls come from the original message: a context edit replaces content, not what was executed.
  const { index, cwd } = job;
  for (const call of toolCallsOf(message)) {
    const outcome = neverRan(message, call.id, index) ? "not run" : outcomeOf(index, call.id);
    add(job, "other", `[Tool call] ${formatToolCall(call, cwd)} [${outcome}]`);
  }
}
