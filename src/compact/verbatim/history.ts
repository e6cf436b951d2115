// What earlier compactions on the branch hand to the next checkpoint: keel's saved spans (re-rendered, never
// re-summarized), an opaque base when a model-written summary came after them, cumulative file lists and the
// startup-read selection. Only data stored in compaction details is used; summary prose is never parsed.
import { asRecord, type BranchEntry, stringField } from "../../session/entries.ts";
import type { FileLists } from "./file-evidence.ts";
import {
  type SavedSpan,
  type StartupSelection,
  VERBATIM_VERSION,
  type VerbatimKeelDetails,
} from "./types.ts";

export interface CompactedBase {
  entryId: string;
  kind: "model-summary" | "legacy-checkpoint";
  summary: string;
}

export interface History {
  /** Index of the latest compaction entry on the branch, or -1. */
  latestIndex: number;
  latest?: BranchEntry;
  base?: CompactedBase;
  spans: SavedSpan[];
  files: FileLists;
  startup?: StartupSelection;
  compactions: number;
}

/** keel verbatim details of a compaction entry, when it has them in the current version. */
export function verbatimDetailsOf(entry: BranchEntry): VerbatimKeelDetails | undefined {
  if (entry.type !== "compaction") return undefined;
  const keel = asRecord(asRecord((entry as { details?: unknown }).details)?.keel);
  if (keel?.strategy !== "verbatim" || keel.version !== VERBATIM_VERSION) return undefined;
  const span = asRecord(keel.span);
  if (!span || !Array.isArray(span.lines)) return undefined;
  return keel as unknown as VerbatimKeelDetails;
}

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Reads every compaction on the branch, oldest first. */
export function readHistory(branch: readonly BranchEntry[]): History {
  const history: History = {
    latestIndex: -1,
    spans: [],
    files: { readFiles: [], modifiedFiles: [] },
    compactions: 0,
  };
  branch.forEach((entry, i) => {
    if (entry.type !== "compaction") return;
    history.compactions++;
    history.latestIndex = i;
    history.latest = entry;
    const keel = verbatimDetailsOf(entry);
    if (keel) {
      history.spans.push(keel.span);
      history.files = { readFiles: listOf(keel.readFiles), modifiedFiles: listOf(keel.modifiedFiles) };
      history.startup = keel.startupReads;
      return;
    }
    const details = asRecord((entry as { details?: unknown }).details);
    const foreignKeel = asRecord(details?.keel);
    history.base = {
      entryId: entry.id,
      kind: foreignKeel ? "legacy-checkpoint" : "model-summary",
      summary: stringField(entry, "summary") ?? "",
    };
    history.spans = [];
    history.files = { readFiles: listOf(details?.readFiles), modifiedFiles: listOf(details?.modifiedFiles) };
  });
  return history;
}
