// Data shapes of the verbatim checkpoint: its input, the details it stores in the compaction entry, and its result.
// Everything here is plain JSON-friendly data; the renderer in render.ts fills it.
import type { BranchEntry } from "../../session/entries.ts";

export const VERBATIM_VERSION = 1;
/** Managed re-orientation custom message type; spans skip it and the adapter regenerates it. */
export const REORIENT_CUSTOM_TYPE = "keel.compact.reorient";
/** Token estimate used for caps: 4 characters per token (pi's own estimate; it runs high for code). */
export const CHARS_PER_TOKEN = 4;

/** A checkpoint size cap: off, or a number of characters, estimated tokens, or percent of the context window. */
export type CapSetting = { unit: "off" } | { unit: "chars" | "tokens" | "percent"; value: number };

/** One rendered conversation line of a span; `user` lines are trimmed last. */
export interface SpanLine {
  kind: "user" | "other";
  text: string;
  entryId: string;
}

/** The conversation a single keel compaction removed, stored uncapped so later checkpoints can re-render it. */
export interface SavedSpan {
  /** 1-based compaction number on this branch. */
  n: number;
  fromEntryId: string | null;
  toEntryId: string | null;
  at: string;
  reason: string;
  splitTurn: boolean;
  lines: SpanLine[];
}

/** A startup read kept verbatim in checkpoints; the text is read from the raw branch entry each time. */
export interface StartupRead {
  resultEntryId: string;
  callEntryId: string;
  callId: string;
  path: string;
  offset?: number;
  limit?: number;
}

export interface StartupSelection {
  /** True once the second user message exists: the selection is final and carried forward unchanged. */
  closed: boolean;
  reads: StartupRead[];
}

export interface CapReport {
  setting: CapSetting;
  limitChars: number | null;
  lineBudget: number | null;
  removedLines: number;
  stubbedLines: number;
  trimmedSpans: number[];
  overBudget: boolean;
}

export interface VerbatimKeelDetails {
  strategy: "verbatim";
  version: typeof VERBATIM_VERSION;
  compaction: number;
  span: SavedSpan;
  startupReads: StartupSelection;
  readFiles: string[];
  modifiedFiles: string[];
  cap: CapReport;
  /** Set only when a verified run asked the model and fell back to this checkpoint: the calls it sent. */
  modelCalls?: number;
}

/** Compaction `details`: keel's own block, plus pi's file-list fields for tools that read those. */
export interface VerbatimDetails {
  keel: VerbatimKeelDetails;
  readFiles: string[];
  modifiedFiles: string[];
}

export interface ContextFile {
  path: string;
  content: string;
}

export interface CheckpointInput {
  /** The whole active branch, root first (pi: `event.branchEntries`); earlier compactions included. */
  branch: readonly BranchEntry[];
  /** pi's boundary: the first entry kept verbatim after the checkpoint. */
  firstKeptEntryId: string;
  isSplitTurn?: boolean;
  cwd: string;
  reason?: string;
  tokensBefore?: number;
  /** When the compaction happens (ISO); defaults to the last branch entry's timestamp so output is deterministic. */
  at?: string;
  /** The protected-items block, embedded byte for byte (another module renders it). */
  protectedBlock?: string;
  /** AGENTS/CLAUDE context files pi supplied, for startup-read selection. */
  contextFiles?: readonly ContextFile[];
  cap?: CapSetting;
  /** Context window in tokens, needed for a percent cap. */
  contextWindow?: number;
}

export interface CheckpointStats {
  chars: number;
  estimatedTokens: number;
  spans: number;
  lines: number;
  compactedEntries: number;
  tailEntries: number;
}

export interface Checkpoint {
  /** The compaction summary text. */
  summary: string;
  /** The re-orientation reminder to place last on the first request after this compaction. */
  reorientation: string;
  details: VerbatimDetails;
  stats: CheckpointStats;
  /** Non-fatal issues (missing boundary, over-budget overhead…); a non-empty list means "partial" where noted. */
  warnings: string[];
  /** True when the input was damaged and the checkpoint is labelled partial. */
  partial: boolean;
}
