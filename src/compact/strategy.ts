// The compaction strategy registry: keel's single session_before_compact owner asks it for a proposal.
// `verbatim` (default) renders a deterministic checkpoint without a model call; `native` returns nothing so pi
// writes its own summary; `verified` extracts, synthesizes through the model, verifies and repairs. A strategy
// that cannot produce a summary falls back (verified → verbatim → native): never fail closed. Only verified's
// strict setting may cancel, with a reason.

import type { BranchEntry } from "../session/entries.ts";
import { type CapSetting, type ContextFile, renderCheckpoint } from "./verbatim/index.ts";
import { type VerifiedOptions, verifiedRun } from "./verified/strategy.ts";

export const STRATEGY_NAMES = ["verbatim", "native", "verified"] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];
export const DEFAULT_STRATEGY: StrategyName = "verbatim";

export interface CompactionRequest {
  reason: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  isSplitTurn: boolean;
  branch: readonly BranchEntry[];
  cwd: string;
  cap: CapSetting;
  contextWindow: number | undefined;
  contextFiles: readonly ContextFile[];
  /** The protected-items block every keel strategy embeds byte for byte. */
  protectedBlock: string;
  /** ISO time of the compaction. */
  at: string;
}

/** What a strategy hands back: a summary for pi to store, plus the reminder to place after it. */
export interface CompactionProposal {
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details: { keel: { strategy: StrategyName; version: number } } & Record<string, unknown>;
  reorientation: string;
  warnings: string[];
}

export type ProposalOutcome =
  | { kind: "proposal"; proposal: CompactionProposal }
  | { kind: "native"; note?: string }
  | { kind: "cancel"; reason: string };

export function isStrategyName(value: string): value is StrategyName {
  return (STRATEGY_NAMES as readonly string[]).includes(value);
}

/** Any strategy, verified included (it needs the model and its options; without them it uses the floor). */
export async function proposeWithStrategy(
  strategy: StrategyName,
  request: CompactionRequest,
  verified: VerifiedOptions,
): Promise<ProposalOutcome> {
  if (strategy !== "verified") return proposeCompaction(strategy, request);
  const result = await verifiedRun(
    {
      branch: request.branch,
      firstKeptEntryId: request.firstKeptEntryId,
      tokensBefore: request.tokensBefore,
      cwd: request.cwd,
      protectedBlock: request.protectedBlock,
    },
    verified,
  );
  if (result.kind === "refused") return { kind: "cancel", reason: result.reason };
  if (result.kind === "verbatim") {
    const fallback = proposeCompaction("verbatim", request);
    if (fallback.kind === "proposal") fallback.proposal.warnings.unshift(result.note);
    return fallback;
  }
  return {
    kind: "proposal",
    proposal: {
      summary: result.summary,
      firstKeptEntryId: request.firstKeptEntryId,
      tokensBefore: request.tokensBefore,
      details: result.details as CompactionProposal["details"],
      reorientation: result.reorientation,
      warnings: result.warnings,
    },
  };
}

export function proposeCompaction(strategy: StrategyName, request: CompactionRequest): ProposalOutcome {
  if (strategy === "native") return { kind: "native" };
  const rendered = renderCheckpoint({
    branch: request.branch,
    firstKeptEntryId: request.firstKeptEntryId,
    isSplitTurn: request.isSplitTurn,
    cwd: request.cwd,
    reason: request.reason,
    tokensBefore: request.tokensBefore,
    at: request.at,
    protectedBlock: request.protectedBlock,
    contextFiles: request.contextFiles,
    cap: request.cap,
    contextWindow: request.contextWindow,
  });
  if (!rendered.ok)
    return {
      kind: "native",
      note: `verbatim checkpoint unavailable (${rendered.reason}); pi summarised instead`,
    };
  const { checkpoint } = rendered;
  return {
    kind: "proposal",
    proposal: {
      summary: checkpoint.summary,
      firstKeptEntryId: request.firstKeptEntryId,
      tokensBefore: request.tokensBefore,
      // The reminder rides along in the details so a reload before the next request can place it again.
      details: {
        ...checkpoint.details,
        keel: { ...checkpoint.details.keel, reorientation: checkpoint.reorientation },
      } as unknown as CompactionProposal["details"],
      reorientation: checkpoint.reorientation,
      warnings: checkpoint.warnings,
    },
  };
}

/** Which strategy produced a confirmed compaction entry: keel's own carry details.keel, the rest are pi's. */
export function strategyOfEntry(details: unknown): string {
  const keel = (details as { keel?: { strategy?: unknown } } | undefined)?.keel;
  return typeof keel?.strategy === "string" ? keel.strategy : "native";
}
