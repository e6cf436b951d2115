// The one shape of a hidden message keel adds after a compaction (the re-orientation reminder, the guard brief,
// protect's recovery): a custom message the model sees and the user's transcript does not show. The same value
// is a before_agent_start message, a sendMessage payload, and, with a role and timestamp, a context message.
import type { ContextEvent } from "@earendil-works/pi-coding-agent";

/** A message of a `context` request (pi's AgentMessage). */
export type ContextMessage = ContextEvent["messages"][number];
/** pi's custom message, the role hidden messages take in a request. */
export type CustomContextMessage = Extract<ContextMessage, { role: "custom" }>;

export interface HiddenMessage<D = unknown> {
  customType: string;
  content: string;
  display: false;
  details: D;
}

export function hiddenMessage<D>(customType: string, content: string, details: D): HiddenMessage<D> {
  return { customType, content, display: false, details };
}

/** The message as it sits in a request's messages (the `context` hook). */
export function contextMessage(message: HiddenMessage, timestamp: number): CustomContextMessage {
  return { role: "custom", ...message, timestamp };
}
