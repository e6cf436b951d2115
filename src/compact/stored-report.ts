// The verified strategy's report as the compaction record keeps it, without a schema change: the `gaps` text
// column holds one JSON object (gap kinds, the notice the user saw, coverage after repair, the changed lines
// with why), redacted on the way in. Rows written before it hold a bare JSON array of gap kinds; both read.
import { redactDeep } from "../core/secrets.ts";
import { asRecord } from "../session/entries.ts";
import type { VerifiedReport } from "./details.ts";
import type { SummaryChange } from "./verified/repair.ts";
import { changesOf } from "./verified-record.ts";

export interface StoredReport {
  gaps: string[];
  notice: string | null;
  coverageAfter: number | null;
  changes: SummaryChange[];
}

const MAX_STORED_CHANGES = 20;
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The store columns of a verified report: the plain columns as they are, the rest as JSON in `gaps`. */
export function storedColumnsOf(report: VerifiedReport) {
  const { gaps, notice, coverageAfter, changes, ...columns } = report;
  const stored: StoredReport = { gaps, notice, coverageAfter, changes: changes.slice(0, MAX_STORED_CHANGES) };
  return { ...columns, gaps: JSON.stringify(redactDeep(stored)) };
}

export function readStoredReport(column: string | null): StoredReport {
  const empty: StoredReport = { gaps: [], notice: null, coverageAfter: null, changes: [] };
  if (column === null) return empty;
  let value: unknown;
  try {
    value = JSON.parse(column);
  } catch {
    return empty; // not JSON: a row from another writer; nothing to show
  }
  if (Array.isArray(value)) return { ...empty, gaps: strings(value) };
  const o = asRecord(value);
  if (!o) return empty;
  return {
    gaps: strings(o.gaps),
    notice: typeof o.notice === "string" ? o.notice : null,
    coverageAfter:
      typeof o.coverageAfter === "number" && Number.isFinite(o.coverageAfter) ? o.coverageAfter : null,
    changes: changesOf(o.changes),
  };
}
