// What earlier compactions on the branch hand to the next checkpoint: keel's saved spans (re-rendered, never
// re-summarized), an opaque base when a model-written summary came after them, cumulative file lists and the
// startup-read selection. Only data stored in compaction details is used; summary prose is never parsed.
import type { BranchEntry } from "../../session/entries.ts";
import { compactionDetailsOf, stringList } from "../details.ts";
import type { FileLists } from "./file-evidence.ts";
import type { SavedSpan, StartupSelection } from "./types.ts";

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

/** Reads every compaction on the branch, oldest first. */
export function readHistory(branch: readonly BranchEntry[]): History {
  const history: History = {
    latestIndex: -1,
    spans: [],
    files: { readFiles: [], modifiedFiles: [] },
    compactions: 0,
  };
  for (let i = 0; i < branch.length; i++) {
    const entry = branch[i]!;
    if (entry.type !== "compaction") continue;
    history.compactions++;
    history.latestIndex = i;
    history.latest = entry;
    const details = compactionDetailsOf(entry);
    const keel = details.verbatim;
    if (keel) {
      history.spans.push(keel.span);
      history.files = {
        readFiles: stringList(keel.readFiles),
        modifiedFiles: stringList(keel.modifiedFiles),
      };
      history.startup = keel.startupReads;
      continue;
    }
    history.base = {
      entryId: entry.id,
      kind: details.fromKeel ? "legacy-checkpoint" : "model-summary",
      summary: typeof entry.summary === "string" ? entry.summary : "",
    };
    history.spans = [];
    history.files = { readFiles: details.readFiles, modifiedFiles: details.modifiedFiles };
  }
  return history;
}
