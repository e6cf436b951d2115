// Session drafts keel hands to pi at a turn boundary: a trim record followed by one content replacement per
// trimmed output, a checkpoint record, or a rewind (record, omissions, report). Plain data; pi appends them.
import { CHECKPOINT_RECORD, REWIND_RECORD, REWIND_REPORT, TRIM_RECORD } from "./branch-scan.ts";
import type { TrimCause, TrimPlan } from "./plan.ts";

export type HygieneDraft =
  | { type: "custom"; customType: string; data: Record<string, unknown> }
  | {
      type: "context_edit";
      targetId: string;
      replacement: { content: Array<{ type: "text"; text: string }> } | null;
    }
  | { type: "custom_message"; customType: string; content: string; display: boolean; details?: unknown };

export function trimDrafts(plan: TrimPlan, cause: TrimCause): HygieneDraft[] {
  if (plan.candidates.length === 0) return [];
  return [
    {
      type: "custom",
      customType: TRIM_RECORD,
      data: { cause, savedChars: plan.savedChars, targets: plan.candidates.map((c) => c.entryId) },
    },
    ...plan.candidates.map(
      (c): HygieneDraft => ({
        type: "context_edit",
        targetId: c.entryId,
        replacement: { content: [{ type: "text", text: c.marker }] },
      }),
    ),
  ];
}

export function checkpointDraft(id: string, anchorId: string): HygieneDraft {
  return { type: "custom", customType: CHECKPOINT_RECORD, data: { id, anchorId } };
}

export function rewindDrafts(checkpointId: string, omit: readonly string[], report: string): HygieneDraft[] {
  return [
    { type: "custom", customType: REWIND_RECORD, data: { checkpointId, omitted: omit.length } },
    ...omit.map((targetId): HygieneDraft => ({ type: "context_edit", targetId, replacement: null })),
    {
      type: "custom_message",
      customType: REWIND_REPORT,
      content: report,
      display: true,
      details: { checkpointId, omitted: omit.length },
    },
  ];
}
