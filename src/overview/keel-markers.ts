// Labels for keel's own session entries (custom records and messages of type `keel.*`) as the conversation view
// shows them: one line a person can read ("Brief injected", "Trimmed 3 outputs"), the compaction it concerns when
// there is one, and the entry's text or data for the fold. Reading the records' meaning stays with their areas.

import { COMPACT_SETTINGS_TYPE } from "../compact/settings.ts";
import { REORIENT_CUSTOM_TYPE } from "../compact/verbatim/types.ts";
import { boundedJson } from "../core/bounded-json.ts";
import {
  DESTRUCTIVE_ASKED_TYPE,
  describeDestructiveAsked,
  readDestructiveAsked,
  renderDestructiveAsked,
} from "../guard/destructive/asked-record.ts";
import { BRIEF_TYPE } from "../guard/session/reassert.ts";
import { PENDING_TYPE, RECOVERY_TYPE, VERIFIED_TYPE } from "../protect/lifecycle.ts";
import { STATE_TYPE } from "../protect/state-schema.ts";
import {
  CHECKPOINT_RECORD,
  REWIND_RECORD,
  REWIND_REPORT,
  SETTINGS_RECORD,
  TRIM_RECORD,
} from "../recall/hygiene/branch-scan.ts";
import { asRecord } from "../session/entries.ts";

export interface KeelMarker {
  /** A short group name the page styles by: protect, compact, guard, recall or keel. */
  area: string;
  label: string;
  /** The compaction the event concerns, when it names one. */
  compactionId: string | null;
  /** The text to fold under the label: a message's content or a record's data. */
  body: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Whether a custom type is one of keel's own. */
export const isKeelType = (customType: string): boolean => customType.startsWith("keel.");

/** The marker for a keel record (`data`) or message (`content` already rendered as text). */
export function describeKeelEvent(
  customType: string,
  payload: { data?: unknown; content?: string },
): KeelMarker {
  const data = asRecord(payload.data) ?? {};
  const body = payload.content ?? boundedJson(payload.data ?? null, { indent: 2, maxChars: 40_000 }) ?? "";
  const marker = (area: string, label: string, compactionId: string | null = null): KeelMarker => ({
    area,
    label,
    compactionId,
    body,
  });
  switch (customType) {
    case BRIEF_TYPE:
      return marker("guard", "Brief injected");
    case DESTRUCTIVE_ASKED_TYPE: {
      const asked = readDestructiveAsked(payload.data);
      if (!asked) return marker("guard", "Destructive command asked (unreadable record)");
      return { ...marker("guard", describeDestructiveAsked(asked)), body: renderDestructiveAsked(asked) };
    }
    case STATE_TYPE: {
      const items = list(data.items);
      const ids = items.map((i) => text(asRecord(i)?.id)).filter((id): id is string => id !== null);
      return marker(
        "protect",
        `Protected items: ${plural(items.length, "item")}${ids.length ? ` (${ids.join(", ")})` : ""}`,
      );
    }
    case PENDING_TYPE:
      return marker(
        "protect",
        `Protected items snapshotted (${plural(list(data.snapshot).length, "item")}) for a compaction`,
        text(data.compactionId),
      );
    case VERIFIED_TYPE:
      return marker(
        "protect",
        `Compaction verified: ${count(data.preserved)} preserved, ${count(data.lost)} lost, ${list(data.recoveredIds).length} restored`,
        text(data.compactionId),
      );
    case RECOVERY_TYPE:
      return marker("protect", "Lost protected items restored to the context");
    case COMPACT_SETTINGS_TYPE:
      return marker("compact", `Compaction strategy set to ${text(data.strategy) ?? "?"}`);
    case REORIENT_CUSTOM_TYPE:
      return marker("compact", "Reoriented after a checkpoint");
    case TRIM_RECORD:
      return marker(
        "recall",
        `Trimmed ${plural(list(data.targets).length, "output")} (${count(data.savedChars).toLocaleString("en-US")} chars saved)`,
      );
    case CHECKPOINT_RECORD:
      return marker("recall", "Checkpoint set");
    case REWIND_RECORD:
      return marker(
        "recall",
        `Rewound to a checkpoint (${plural(count(data.omitted), "entry", "entries")} left out)`,
      );
    case REWIND_REPORT:
      return marker("recall", "Rewind report");
    case SETTINGS_RECORD:
      return marker("recall", "Recall settings changed");
    default:
      return marker("keel", `keel event ${customType}`);
  }
}
