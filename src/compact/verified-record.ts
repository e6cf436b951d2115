// Reads the verified strategy's report back from a compaction entry's details, checking every field (entries
// from disk may hold anything): the outcome in plain words, honest coverage, model calls, and the lines the
// repair removed, corrected or added with why. The UI's compaction view and /keel show it.
import { asRecord } from "../session/entries.ts";
import type { SummaryChange } from "./verified/repair.ts";

export interface VerifiedRecord {
  outcome: string;
  notice: string | null;
  /** Share of extracted facts the model's own summary stated; after repair. */
  coverage: number | null;
  coverageAfter: number | null;
  modelCalls: number | null;
  changes: SummaryChange[];
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const ACTIONS = new Set(["added", "removed", "corrected"]);

/** The repair's changed lines from stored JSON; anything malformed is dropped. */
export function changesOf(value: unknown): SummaryChange[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): SummaryChange[] => {
    const c = asRecord(raw);
    if (!c || !ACTIONS.has(String(c.action)) || typeof c.text !== "string" || typeof c.why !== "string")
      return [];
    return [
      {
        action: c.action as SummaryChange["action"],
        text: c.text,
        why: c.why,
        ...(typeof c.replacement === "string" ? { replacement: c.replacement } : {}),
      },
    ];
  });
}

export function verifiedRecordOf(details: unknown): VerifiedRecord | null {
  const keel = asRecord(asRecord(details)?.keel);
  if (keel?.strategy !== "verified" || typeof keel.outcome !== "string") return null;
  return {
    outcome: keel.outcome,
    notice: typeof keel.notice === "string" ? keel.notice : null,
    coverage: num(keel.coverage),
    coverageAfter: num(keel.coverageAfter),
    modelCalls: num(keel.modelCalls),
    changes: changesOf(keel.changes),
  };
}
