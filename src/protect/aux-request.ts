// Shared pieces of keel protect's two auxiliary model requests (extraction and discovery), sent through
// src/llm/ask-model.ts: the reading of a reply into text or a failure category, JSON with one optional code fence, and
// the staleness check that drops answers arriving after their session or registry changed.
import { fail, ok, type Result } from "../core/result.ts";
import { type ReplyParts, replyText } from "../llm/types.ts";

export const AUX_TIMEOUT_MS = 20_000;
export { replyText };
export type AuxReply = ReplyParts;

/** Parses JSON, allowing the whole answer to be wrapped in one code fence. */
export function parseJsonAnswer(text: string): Result<unknown> {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  try {
    return ok(JSON.parse(fenced ? fenced[1]! : trimmed));
  } catch {
    return fail("the answer is not JSON");
  }
}

/** Code points, not UTF-16 units: the unit the content limits are stated in. */
export const codePoints = (text: string): number => [...text].length;

export interface RequestStamp {
  epoch: number;
  sessionId: string;
  revision: number;
}

/** Whether an answer still belongs to the session and registry that asked for it. */
export function isCurrent(stamp: RequestStamp, now: RequestStamp): boolean {
  return stamp.epoch === now.epoch && stamp.sessionId === now.sessionId && stamp.revision === now.revision;
}
