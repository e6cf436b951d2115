// Placement of the re-orientation reminder: last on the first request after a keel compaction, one current
// copy only (older or duplicate managed reminders are dropped), and left where it is on later requests.
import type { BranchEntry } from "../session/entries.ts";
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

/**
 * After a reload: the reminder of the branch's latest compaction when keel wrote it and no copy of it was
 * persisted yet (the session ended between the compaction and the next request).
 */
export function pendingFromBranch(branch: readonly BranchEntry[]): PendingReminder | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i] as BranchEntry & { customType?: string; details?: unknown };
    if (entry.type === "custom_message" && entry.customType === REORIENT_CUSTOM_TYPE) return undefined;
    if (entry.type !== "compaction") continue;
    const text = (entry.details as { keel?: { reorientation?: unknown } } | undefined)?.keel?.reorientation;
    return typeof text === "string"
      ? { compactionId: entry.id, text, persisted: false, placed: false }
      : undefined;
  }
  return undefined;
}
