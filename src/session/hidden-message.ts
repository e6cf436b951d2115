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

/**
 * before_agent_start keeps one message per handler, and keel has one handler: the run's hidden messages become one.
 * The first part present names it (type and details, so the step that manages it still finds it) and leads the
 * text; the others follow it, separated by a blank line.
 */
export function joinHiddenMessages(
  parts: ReadonlyArray<HiddenMessage | undefined>,
): HiddenMessage | undefined {
  const present = parts.filter((part): part is HiddenMessage => part !== undefined);
  const [lead] = present;
  if (!lead) return undefined;
  return { ...lead, content: present.map((part) => part.content).join("\n\n") };
}

/** The message as it sits in a request's messages (the `context` hook). */
export function contextMessage(message: HiddenMessage, timestamp: number): CustomContextMessage {
  return { role: "custom", ...message, timestamp };
}
