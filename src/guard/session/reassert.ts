// The guard brief around a compaction as pure steps: before each run the brief is a persisted hidden message;
// a compaction in the middle of a run resumes without before_agent_start, so from the compaction until the next
// run starts every request carries the brief computed at compaction time (the context hook stays O(1)).
import { contextMessage, type HiddenMessage, hiddenMessage } from "../../session/hidden-message.ts";

export const BRIEF_TYPE = "keel.guard.brief";

/** The brief as before_agent_start's message. */
export function briefMessage(brief: string): HiddenMessage<undefined> {
  return hiddenMessage(BRIEF_TYPE, brief, undefined);
}

/** context: the request's messages with the re-asserted brief last, or undefined when there is none. */
export function reassertBrief<T>(
  messages: readonly T[],
  reassert: string | undefined,
  timestamp: number,
): Array<T | ReturnType<typeof contextMessage>> | undefined {
  if (!reassert) return undefined;
  return [...messages, contextMessage(briefMessage(reassert), timestamp)];
}
