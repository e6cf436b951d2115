// The model-call shapes every caller of the seam shares: a text-in, text-out call (ModelCall, Complete) with its
// failure categories, and reading a reply's text. The seam defines them; callers (compaction, protect, recall)
// import them from here, so src/llm/ imports none of its callers.
import { fail, ok, type Result } from "../core/result.ts";
import { textOf } from "../session/entries.ts";

export type ModelFailure = "timeout" | "provider" | "aborted" | "invalid-response" | "no-model";
/** A text answer, or why there is none. */
export type TextReply = Result<string, ModelFailure>;

export interface ModelCall {
  system: string;
  prompt: string;
  maxTokens: number;
  timeoutMs: number;
}

/** A text-in, text-out model call; the adapter binds it to the session's model. */
export type Complete = (call: ModelCall) => Promise<TextReply>;

/** The part of a model's reply the text is read from. */
export interface ReplyParts {
  stopReason: string;
  content: unknown;
}

/** The reply's text when the model finished normally; otherwise the failure category (never its error text). */
export function replyText(reply: ReplyParts): Result<string, "aborted" | "provider" | "invalid-response"> {
  if (reply.stopReason === "aborted") return fail("aborted");
  if (reply.stopReason === "error") return fail("provider");
  if (reply.stopReason !== "stop") return fail("invalid-response");
  return ok(textOf(Array.isArray(reply.content) ? reply.content : [], ""));
}
