// The re-orientation reminder's life as pure steps, data in and data out: staged by keel's compaction handler,
// pending once pi confirms the compaction (or restored from the branch after a reload), persisted by
// before_agent_start, and placed last on the first request after the compaction with one current copy only
// (older or duplicate managed reminders are dropped); later requests leave it where it is.
import type { BranchEntry } from "../session/entries.ts";
import { type HiddenMessage, hiddenMessage } from "../session/hidden-message.ts";
import { compactionDetailsOf } from "./details.ts";
import { REORIENT_CUSTOM_TYPE } from "./verbatim/index.ts";

export interface PendingReminder {
  compactionId: string;
  text: string;
  /** The reminder was injected as a persisted message by before_agent_start. */
  persisted: boolean;
  /** It has been placed last on one request already. */
  placed: boolean;
}

export interface ReminderState {
  /** The reminder of a proposal pi has not confirmed yet. */
  staged: string | undefined;
  pending: PendingReminder | undefined;
}

export const NO_REMINDER: ReminderState = { staged: undefined, pending: undefined };

interface MessageLike {
  role?: string;
  customType?: string;
  details?: unknown;
}

export function reminderMessage(pending: PendingReminder): HiddenMessage<{ compactionId: string }> {
  return hiddenMessage(REORIENT_CUSTOM_TYPE, pending.text, { compactionId: pending.compactionId });
}

/** session_start: nothing staged; the branch's unplaced reminder, if any, is pending again. */
export function reminderAfterStart(branch: readonly BranchEntry[]): ReminderState {
  return { staged: undefined, pending: pendingFromBranch(branch) };
}

/** session_before_compact: keel's proposal stages its reminder; a native outcome stages none. */
export function stageReminder(state: ReminderState, reorientation: string | undefined): ReminderState {
  return { ...state, staged: reorientation };
}

/** session_compact: keel's own confirmed compaction makes the staged reminder pending. */
export function confirmReminder(
  state: ReminderState,
  compaction: { compactionId: string; fromExtension: boolean },
): ReminderState {
  const pending =
    compaction.fromExtension && state.staged !== undefined
      ? { compactionId: compaction.compactionId, text: state.staged, persisted: false, placed: false }
      : state.pending;
  return { staged: undefined, pending };
}

/** before_agent_start: the message to persist, once per pending reminder. */
export function reminderForRun(state: ReminderState): {
  state: ReminderState;
  message: HiddenMessage<{ compactionId: string }> | undefined;
} {
  const { pending } = state;
  if (!pending || pending.persisted) return { state, message: undefined };
  return { state: { ...state, pending: { ...pending, persisted: true } }, message: reminderMessage(pending) };
}

const isManaged = (message: MessageLike) =>
  message.role === "custom" && message.customType === REORIENT_CUSTOM_TYPE;
const compactionIdOf = (message: MessageLike) =>
  (message.details as { compactionId?: unknown } | undefined)?.compactionId;

/**
 * context: the messages for this request, or undefined to leave them alone. Until the reminder is persisted (a
 * mid-run compaction has no before_agent_start), every request carries a transient copy at the end; once it is
 * both placed and persisted the state lets go of it.
 */
export function reminderForRequest<T extends MessageLike>(
  state: ReminderState,
  messages: readonly T[],
  transient: (message: HiddenMessage) => T,
): { state: ReminderState; messages: T[] | undefined } {
  const { pending } = state;
  if (!pending) return { state, messages: undefined };
  if (pending.placed && pending.persisted)
    return { state: { ...state, pending: undefined }, messages: undefined };
  const current = messages.find((m) => isManaged(m) && compactionIdOf(m) === pending.compactionId);
  const next = { ...pending, placed: true, persisted: pending.persisted || current !== undefined };
  const placed = [...messages.filter((m) => !isManaged(m)), current ?? transient(reminderMessage(pending))];
  return { state: { ...state, pending: next.persisted ? undefined : next }, messages: placed };
}

/**
 * After a reload: the reminder of the branch's latest compaction when keel wrote it and no copy of it was
 * persisted yet (the session ended between the compaction and the next request).
 */
export function pendingFromBranch(branch: readonly BranchEntry[]): PendingReminder | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i]!;
    if (entry.type === "custom_message" && entry.customType === REORIENT_CUSTOM_TYPE) return undefined;
    if (entry.type !== "compaction") continue;
    const text = compactionDetailsOf(entry).reorientation;
    return text !== undefined ? { compactionId: entry.id, text, persisted: false, placed: false } : undefined;
  }
  return undefined;
}
