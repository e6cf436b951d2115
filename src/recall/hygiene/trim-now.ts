// A trim the owner asked for while pi was idle applies to the very next request: until its context edits are
// committed at the next turn boundary, each request's tool results named by the plan carry the marker instead of
// their output, exactly as the committed edit will. Pure: messages in, messages out.
import type { TrimCandidate } from "./plan.ts";

interface RequestMessage {
  role?: unknown;
  toolCallId?: unknown;
  content?: unknown;
}

/** The messages with each planned tool result's content replaced by its marker; the same array when none match. */
export function applyTrimNow<M>(messages: readonly M[], candidates: readonly TrimCandidate[]): readonly M[] {
  if (candidates.length === 0) return messages;
  const markers = new Map(candidates.map((c) => [c.toolCallId, c.marker]));
  let changed = false;
  const out = messages.map((message) => {
    const m = message as RequestMessage;
    if (m.role !== "toolResult" || typeof m.toolCallId !== "string") return message;
    const marker = markers.get(m.toolCallId);
    if (marker === undefined) return message;
    changed = true;
    return { ...message, content: [{ type: "text", text: marker }] };
  });
  return changed ? out : messages;
}
