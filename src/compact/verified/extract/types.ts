// The shape of a deterministic extraction: what `keel extract --json` prints and what synthesis and
// verification trust. Plain data only; each kind is built by its own module in this folder.

export type RuleKind = "constraint" | "preference";

export interface RuleFact {
  /** The user's sentence as written. */
  text: string;
  kind: RuleKind;
  /** The cue that made it a rule (`never`, `make sure`, …) or `imperative` for a rule without one. */
  cue: string;
  entryId: string;
}

export interface DecisionFact {
  text: string;
  marker: string;
  entryId: string;
}

export interface ErrorFact {
  /** The bash command as run, or `<tool> <path>` for a file tool. */
  command: string;
  tool: string;
  resolved: boolean;
  entryId: string;
  exitCode: number | null;
  /** The entry whose success resolved it. */
  resolvedBy: string | null;
  /** First line of the failure output, bounded. */
  message: string;
}

export interface OpenLoop {
  text: string;
  kind: "unresolved-error" | "follow-up" | "carried";
  entryId: string | null;
}

export interface RecapFact {
  entryId: string;
  /** Who wrote the summary: a keel strategy or pi itself. */
  source: string;
  chars: number;
}

export interface FileLists {
  read: string[];
  modified: string[];
  deleted: string[];
}

/** The continuity ledger a verified compaction leaves in its details for the next one. */
export interface Ledger {
  goal: string | null;
  constraints: string[];
  decisions: string[];
  openLoops: string[];
  files: FileLists;
  unresolvedErrors: string[];
}

export interface LedgerDelta {
  newConstraints: string[];
  newDecisions: string[];
  goalChanged: boolean;
  resolvedLoops: string[];
  newFiles: string[];
}

/** A tool call that never ran because keel or the user refused it: not an error, not an attempt. */
export interface RefusedFact {
  tool: string;
  command: string;
  /** How it was refused, as every reader shows it ("refused by keel: loop brake", …). */
  label: string;
  entryId: string;
}

export interface Extraction {
  goal: string | null;
  goalEntryId: string | null;
  /** What the user asked for last (a step or a question): kept apart from the goal. */
  currentRequest: string | null;
  constraints: RuleFact[];
  decisions: DecisionFact[];
  files: FileLists;
  errors: ErrorFact[];
  refused: RefusedFact[];
  openLoops: OpenLoop[];
  recaps: RecapFact[];
  /** The ledger carried from the previous verified compaction, when there is one. */
  previous: Ledger | null;
  changes: LedgerDelta | null;
  stats: { entries: number; userMessages: number; toolCalls: number };
}
