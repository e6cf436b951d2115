// The plain data of protected context: items, modes, where each item came from, discovery evidence and
// lifecycle, and the verification report. Pure types and constants only; behaviour lives in the sibling modules.

export const ITEM_KINDS = ["goal", "constraint", "requirement", "decision", "fact"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
/** The kinds automatic extraction may create (facts come only from the user or from discovery). */
export const EXTRACTABLE_KINDS: readonly ItemKind[] = ["goal", "constraint", "requirement", "decision"];

export type RecoveryMode = "off" | "critical";
export type AutoMode = "off" | "automatic";

export interface ProtectedItem {
  id: string;
  kind: ItemKind;
  content: string;
  critical: boolean;
}

/** Half-open UTF-16 span into the joined text blocks of one tool result. */
export interface EvidenceSpan {
  startOffset: number;
  endOffset: number;
}

/** Where a discovery's quote came from. The quote itself is never stored, only its hash. */
export interface EvidenceRef {
  toolCallId: string;
  toolName: string;
  quoteHash: string;
  span?: EvidenceSpan;
}

export type LifecycleStatus = "active" | "superseded" | "retired";

export interface DiscoveryLifecycle {
  status: LifecycleStatus;
  createdAt: string;
  updatedAt: string;
  supersededBy?: string;
}

export interface ProtectState {
  items: ProtectedItem[];
  recovery: RecoveryMode;
  extraction: AutoMode;
  discovery: AutoMode;
  autoItemIds: string[];
  discoveryItemIds: string[];
  /** Each discovery's evidence references (persisted under the key `discoveryProvenance`, see state-schema.ts). */
  discoveryEvidence: Record<string, EvidenceRef[]>;
  discoveryLifecycle: Record<string, DiscoveryLifecycle>;
}

export const EMPTY_STATE: ProtectState = {
  items: [],
  recovery: "off",
  extraction: "off",
  discovery: "off",
  autoItemIds: [],
  discoveryItemIds: [],
  discoveryEvidence: {},
  discoveryLifecycle: {},
};

/** How an item came to be protected: added by the user, by automatic extraction, or by discovery. */
export type ItemOrigin = "manual" | "auto" | "discovery";

/** Why an auxiliary request (extraction or discovery) produced nothing. Never the provider's text. */
export type AuxFailure = "timeout" | "aborted" | "provider" | "invalid-response" | "invalid-output";

export type AuxOutcome =
  | { status: "success"; added: number; retired: number }
  | { status: "failed"; failure: AuxFailure };

export type ItemStatus = "preserved" | "lost";

export interface VerificationReport {
  preserved: string[];
  lost: string[];
  /** Critical items that were not preserved. */
  criticalFailures: string[];
}

/** What the last post-compaction verification found (counts and ids, never content). */
export interface VerificationSummary {
  compactionId: string;
  at: string;
  preserved: number;
  lost: number;
  criticalFailures: number;
  lostIds: string[];
  recoveredIds: string[];
}

export const isItemKind = (value: string): value is ItemKind =>
  (ITEM_KINDS as readonly string[]).includes(value);

export function itemOrigin(state: ProtectState, id: string): ItemOrigin {
  if (state.discoveryItemIds.includes(id)) return "discovery";
  if (state.autoItemIds.includes(id)) return "auto";
  return "manual";
}
