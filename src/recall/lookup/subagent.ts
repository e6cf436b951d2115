// The keel_lookup sub-agent: answers one question about the raw session branch with the three lookup tools in
// its own context, within a turn budget (continuations are free) and a call ceiling of three times that. When
// a budget ends, one tool-free call writes up what was found; if that fails, the latest text is returned,
// labelled incomplete. The model call itself is injected, so the loop is plain code over plain data.
import { isContinuation, type LookupToolName, runLookupTool } from "./tool-schemas.ts";
import type { Transcript } from "./transcript.ts";

export interface ModelToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface LookupReply {
  text: string;
  toolCalls: ModelToolCall[];
  /** The host's own message object, handed back unchanged in later requests. */
  raw?: unknown;
}

export type LookupMessage =
  | { role: "user"; text: string }
  | { role: "assistant"; text: string; toolCalls: ModelToolCall[]; raw?: unknown }
  | { role: "toolResult"; toolCallId: string; toolName: string; text: string; isError: boolean };

/** One model call: `withTools` false asks for a plain write-up. */
export type AskModel = (messages: readonly LookupMessage[], withTools: boolean) => Promise<LookupReply>;

export interface LookupBudget {
  turns: number;
  answerChars: number;
}

export const DEFAULT_BUDGET: LookupBudget = { turns: 10, answerChars: 6000 };

export interface LookupAnswer {
  answer: string;
  complete: boolean;
  turns: number;
  calls: number;
}

const TOOL_NAMES = new Set<string>(["entries", "grep", "entry"]);
const WRITE_UP =
  "Search budget used up. Write up what you found now, with ENTRY ids; say what you could not find.";
const FALLBACK_HINT =
  "For more detail, run keel_grep, keel_entries and keel_entry directly with the same query.";

export async function runLookup(
  question: string,
  transcript: Transcript,
  ask: AskModel,
  budget = DEFAULT_BUDGET,
): Promise<LookupAnswer> {
  const messages: LookupMessage[] = [{ role: "user", text: question }];
  const previous = new Map<string, Record<string, unknown>>();
  let turns = 0;
  let calls = 0;
  let latest = "";
  while (turns < budget.turns && calls < budget.turns * 3) {
    const reply = await ask(messages, true);
    calls++;
    latest = reply.text || latest;
    if (reply.toolCalls.length === 0) return finish(reply.text, true, turns, calls, budget);
    messages.push({ role: "assistant", text: reply.text, toolCalls: reply.toolCalls, raw: reply.raw });
    let substantive = false;
    for (const call of reply.toolCalls) {
      const known = TOOL_NAMES.has(call.name);
      if (!isContinuation(call.arguments, previous.get(call.name))) substantive = true;
      previous.set(call.name, call.arguments);
      const result = known
        ? await runLookupTool(transcript, call.name as LookupToolName, call.arguments)
        : { text: `error: unknown tool ${call.name}; use entries, grep or entry`, isError: true };
      messages.push({ role: "toolResult", toolCallId: call.id, toolName: call.name, ...result });
    }
    if (substantive) turns++;
  }
  try {
    const final = await ask([...messages, { role: "user", text: WRITE_UP }], false);
    calls++;
    return finish(`${final.text}\n\n${FALLBACK_HINT}`, false, turns, calls, budget);
  } catch (error) {
    return finish(
      `[incomplete: the write-up failed (${(error as Error).message})]\n${latest}\n\n${FALLBACK_HINT}`,
      false,
      turns,
      calls,
      budget,
    );
  }
}

function finish(
  text: string,
  complete: boolean,
  turns: number,
  calls: number,
  budget: LookupBudget,
): LookupAnswer {
  const answer =
    text.length > budget.answerChars
      ? `${text.slice(0, budget.answerChars)}\n[answer cut at ${budget.answerChars} characters]`
      : text;
  return { answer, complete, turns, calls };
}

/** The instructions the sub-agent runs under (keel's own words). */
export const LOOKUP_SYSTEM_PROMPT = [
  "You are keel lookup, a research helper inside a coding session that was compacted.",
  "Answer the question from the raw session history only, using the tools: entries (list entries),",
  "grep (search all text, including thinking, tool arguments and tool outputs) and entry (read one entry).",
  "Cite ENTRY ids for every finding and quote exact output where it matters. Follow a cursor only when the",
  "omitted part is needed. If the history does not contain the answer, say so plainly. Do not guess.",
].join("\n");
