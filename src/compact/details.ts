// The one reader of a compaction entry's `details`: which strategy wrote it, keel's verbatim block when it is in
// the current version, the re-orientation reminder keel stored with it, and pi's cumulative file lists. Entries
// from disk or other extensions may hold anything, so every field is checked before it is trusted.
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import { asRecord } from "../session/entries.ts";
import { VERBATIM_VERSION, type VerbatimKeelDetails } from "./verbatim/types.ts";

export interface CompactionDetails {
  /** keel's strategy name for keel's own compactions; "native" for pi's and anyone else's. */
  strategy: string;
  /** Whether `details.keel` is present at all (a keel checkpoint, possibly of an older version). */
  fromKeel: boolean;
  /** keel verbatim details in the current version, or undefined. */
  verbatim: VerbatimKeelDetails | undefined;
  /** The reminder keel stored for a reload before the next request. */
  reorientation: string | undefined;
  /** pi's top-level file lists (keel writes them too). */
  readFiles: string[];
  modifiedFiles: string[];
}

export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

export function compactionDetailsOf(entry: Pick<CompactionEntry, "details">): CompactionDetails {
  const details = asRecord(entry.details);
  const keel = asRecord(details?.keel);
  return {
    strategy: typeof keel?.strategy === "string" ? keel.strategy : "native",
    fromKeel: keel !== undefined,
    verbatim: verbatimBlock(keel),
    reorientation: typeof keel?.reorientation === "string" ? keel.reorientation : undefined,
    readFiles: stringList(details?.readFiles),
    modifiedFiles: stringList(details?.modifiedFiles),
  };
}

function verbatimBlock(keel: Record<string, unknown> | undefined): VerbatimKeelDetails | undefined {
  if (keel?.strategy !== "verbatim" || keel.version !== VERBATIM_VERSION) return undefined;
  const span = asRecord(keel.span);
  if (!span || !Array.isArray(span.lines)) return undefined;
  return keel as unknown as VerbatimKeelDetails;
}
