// Placement of the re-orientation reminder: last on the first request after a keel compaction, one current
// copy only (older or duplicate managed reminders are dropped), and left where it is on later requests.
import { REORIENT_CUSTOM_TYPE } from "./verbatim/index.ts";

export interface PendingReminder {
  compactionId: string;
  text: string;
  /** The reminder was injected as a persisted message by before_agent_start. */
  persisted: boolean;
  /** It has been placed last on one request already. */
  placed: boolean;
}

interface MessageLike {
  role?: string;
  customType?: string;
  details?: unknown;
}

export function reminderMessage(pending: PendingReminder) {
  return {
    role: "custom" as const,
    customType: REORIENT_CUSTOM_TYPE,
    content: pending.text,
    display: false,
    details: { compactionId: pending.compactionId },
    timestamp: Date.now(),
  };
}

const isManaged = (message: MessageLike) =>
  message.role === "custom" && message.customType === REORIENT_CUSTOM_TYPE;
const compactionIdOf = (message: MessageLike) =>
  (message.details as { compactionId?: unknown } | undefined)?.compactionId;

/**
 * The messages for this request, or undefined to leave them alone. Until the reminder is persisted (a mid-run
 * compaction has no before_agent_start), every request carries a transient copy at the end.
 */
export function placeReminder<T extends MessageLike>(
  messages: readonly T[],
  pending: PendingReminder,
): T[] | undefined {
  if (pending.placed && pending.persisted) return undefined;
  const current = messages.find((m) => isManaged(m) && compactionIdOf(m) === pending.compactionId);
  const others = messages.filter((m) => !isManaged(m));
  pending.placed = true;
  if (current) pending.persisted = true;
  return [...others, (current ?? reminderMessage(pending)) as T];
}
