// The verified strategy's report as the compaction record keeps it: `gaps` holds the JSON array of gap kinds and
// `report` one JSON object (the notice the user saw, coverage after repair, the changed lines with why), both
// redacted on the way in. Older rows read too: round two kept the whole object in `gaps`, before that `gaps`
// held only the array.
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

/** The two columns a stored report reads from. */
export interface StoredReportColumns {
  gaps: string | null;
  report?: string | null;
}

const MAX_STORED_CHANGES = 20;
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The store columns of a verified report: the plain columns as they are, gap kinds and the report as JSON. */
export function storedColumnsOf(report: VerifiedReport) {
  const { gaps, notice, coverageAfter, changes, ...columns } = report;
  const stored = { notice, coverageAfter, changes: changes.slice(0, MAX_STORED_CHANGES) };
  return {
    ...columns,
    gaps: JSON.stringify(redactDeep(gaps)),
    report: JSON.stringify(redactDeep(stored)),
  };
}

/** JSON text as a value, or undefined when it is not JSON (a row from another writer: nothing to show). */
function parsed(column: string | null | undefined): unknown {
  if (column === null || column === undefined) return undefined;
  try {
    return JSON.parse(column);
  } catch {
    return undefined;
  }
}

export function readStoredReport(row: StoredReportColumns): StoredReport {
  const gaps = parsed(row.gaps);
  // Round two's rows keep the report object in `gaps`; newer rows keep it in `report`.
  const o = asRecord(parsed(row.report)) ?? asRecord(gaps);
  return {
    gaps: Array.isArray(gaps) ? strings(gaps) : strings(o?.gaps),
    notice: typeof o?.notice === "string" ? o.notice : null,
    coverageAfter:
      typeof o?.coverageAfter === "number" && Number.isFinite(o.coverageAfter) ? o.coverageAfter : null,
    changes: changesOf(o?.changes),
  };
}
