// The one reader of a compaction entry's `details`: which strategy wrote it, keel's verbatim block when it is in
// the current version, the re-orientation reminder keel stored with it, and pi's cumulative file lists. Entries
// from disk or other extensions may hold anything, so every field is checked before it is trusted.
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import { asRecord } from "../session/entries.ts";
import { VERBATIM_VERSION, type VerbatimKeelDetails } from "./verbatim/types.ts";
import type { SummaryChange } from "./verified/repair.ts";
import { changesOf } from "./verified-record.ts";

export interface CompactionDetails {
  /** keel's strategy name for keel's own compactions; "native" for pi's and anyone else's. */
  strategy: string;
  /** Whether `details.keel` is present at all (a keel checkpoint, possibly of an older version). */
  fromKeel: boolean;
  /** keel verbatim details in the current version, or undefined. */
  verbatim: VerbatimKeelDetails | undefined;
  /** The reminder keel stored for a reload before the next request. */
  reorientation: string | undefined;
  /** Why keel compacted, when the strategy recorded it (the verbatim block keeps it in its span). */
  reason: string | undefined;
  /** The verified strategy's report, or undefined for other strategies. */
  verified: VerifiedReport | undefined;
  /** Model calls keel sent for this compaction: 0 for a checkpoint, the count a verified run reported (also when
   *  it fell back to a checkpoint); null for pi's own summary or anyone else's, whose calls keel does not see. */
  modelCalls: number | null;
  /** pi's top-level file lists (keel writes them too). */
  readFiles: string[];
  modifiedFiles: string[];
}

/** What the verified strategy reports in its details; a field it did not record is null. */
export interface VerifiedReport {
  tokensAfter: number | null;
  coverage: number | null;
  outcome: string | null;
  modelCalls: number | null;
  latencyMs: number | null;
  /** The kinds of the gaps it found. */
  gaps: string[];
  /** The one notification the user saw, in plain words (outcome, coverage, model calls). */
  notice: string | null;
  /** Coverage of the applied summary after repair (`coverage` is the model's own). */
  coverageAfter: number | null;
  /** Lines the repair removed, corrected or added, each with why. */
  changes: SummaryChange[];
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

export function compactionDetailsOf(entry: Pick<CompactionEntry, "details">): CompactionDetails {
  const details = asRecord(entry.details);
  const keel = asRecord(details?.keel);
  return {
    strategy: typeof keel?.strategy === "string" ? keel.strategy : "native",
    fromKeel: keel !== undefined,
    verbatim: verbatimBlock(keel),
    reorientation: str(keel?.reorientation),
    reason: str(keel?.reason) ?? str(asRecord(keel?.span)?.reason),
    verified: verifiedReport(keel),
    modelCalls:
      keel === undefined ? null : (num(keel.modelCalls) ?? (keel.strategy === "verbatim" ? 0 : null)),
    readFiles: stringList(details?.readFiles),
    modifiedFiles: stringList(details?.modifiedFiles),
  };
}

function verifiedReport(keel: Record<string, unknown> | undefined): VerifiedReport | undefined {
  if (keel?.strategy !== "verified") return undefined;
  const gaps = Array.isArray(keel.gaps) ? keel.gaps.map((gap) => String(asRecord(gap)?.kind)) : [];
  return {
    tokensAfter: num(keel.tokensAfter),
    coverage: num(keel.coverage),
    outcome: str(keel.outcome) ?? null,
    modelCalls: num(keel.modelCalls),
    latencyMs: num(keel.latencyMs),
    gaps,
    notice: str(keel.notice) ?? null,
    coverageAfter: num(keel.coverageAfter),
    changes: changesOf(keel.changes),
  };
}

function verbatimBlock(keel: Record<string, unknown> | undefined): VerbatimKeelDetails | undefined {
  if (keel?.strategy !== "verbatim" || keel.version !== VERBATIM_VERSION) return undefined;
  const span = asRecord(keel.span);
  if (!span || !Array.isArray(span.lines)) return undefined;
  return keel as unknown as VerbatimKeelDetails;
}
