// The compaction strategy registry: keel's single session_before_compact owner asks it for a proposal.
// `verbatim` (default) renders a deterministic checkpoint without a model call; `native` returns nothing so pi
// writes its own summary; `verified` extracts, synthesizes through the model, verifies and repairs. A strategy
// that cannot produce a summary falls back (verified → verbatim → native): never fail closed. Only verified's
// strict setting may cancel, with a reason.

import type { CompactionResult } from "@earendil-works/pi-coding-agent";
import { type CheckpointInput, renderCheckpoint, type VerbatimDetails } from "./verbatim/index.ts";
import { type VerifiedOptions, verifiedRun } from "./verified/strategy.ts";

export const STRATEGY_NAMES = ["verbatim", "native", "verified"] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];
export const DEFAULT_STRATEGY: StrategyName = "verbatim";

/** What keel's handler knows at compaction time: pi's boundary and branch, plus keel's settings and context. */
export type CompactionRequest = CheckpointInput &
  Required<Pick<CheckpointInput, "reason" | "tokensBefore" | "isSplitTurn" | "at" | "protectedBlock">>;

/** keel's details: the strategy's own block, which carries the reminder so a reload can place it again. */
export type KeelCompactionDetails = Omit<VerbatimDetails, "keel"> & {
  keel: VerbatimDetails["keel"] & { reorientation: string };
};

/** What a strategy hands back: pi's compaction result, plus the reminder to place after it. */
export interface CompactionProposal {
  compaction: CompactionResult<KeelCompactionDetails>;
  reorientation: string;
  warnings: string[];
  /** The verified strategy's one notification in plain words (outcome, coverage, model calls). */
  notice?: string;
}

export type ProposalOutcome =
  | { kind: "proposal"; proposal: CompactionProposal }
  | { kind: "native"; note?: string }
  | { kind: "cancel"; reason: string };

export function isStrategyName(value: string): value is StrategyName {
  return (STRATEGY_NAMES as readonly string[]).includes(value);
}

/**
 * Any strategy, verified included (it needs the model and its options; without them it uses the floor). The
 * verified options are built only when that strategy runs.
 */
export async function proposeWithStrategy(
  strategy: StrategyName,
  request: CompactionRequest,
  verifiedOptions: () => VerifiedOptions,
): Promise<ProposalOutcome> {
  if (strategy !== "verified") return proposeCompaction(strategy, request);
  const verified = verifiedOptions();
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
    if (fallback.kind !== "proposal") return fallback;
    fallback.proposal.warnings.unshift(result.note);
    // The checkpoint replaced a summary the model was asked for: its record counts those calls.
    const keel = fallback.proposal.compaction.details?.keel;
    if (keel) keel.modelCalls = result.modelCalls;
    return fallback;
  }
  return {
    kind: "proposal",
    proposal: {
      compaction: {
        summary: result.summary,
        firstKeptEntryId: request.firstKeptEntryId,
        tokensBefore: request.tokensBefore,
        details: result.details as KeelCompactionDetails,
      },
      reorientation: result.reorientation,
      warnings: result.warnings,
      notice: result.report.notice,
    },
  };
}

export function proposeCompaction(strategy: StrategyName, request: CompactionRequest): ProposalOutcome {
  if (strategy === "native") return { kind: "native" };
  const rendered = renderCheckpoint(request);
  if (!rendered.ok)
    return {
      kind: "native",
      note: `verbatim checkpoint unavailable (${rendered.reason}); pi summarised instead`,
    };
  const checkpoint = rendered.value;
  return {
    kind: "proposal",
    proposal: {
      compaction: {
        summary: checkpoint.summary,
        firstKeptEntryId: request.firstKeptEntryId,
        tokensBefore: request.tokensBefore,
        details: {
          ...checkpoint.details,
          keel: { ...checkpoint.details.keel, reorientation: checkpoint.reorientation },
        },
      },
      reorientation: checkpoint.reorientation,
      warnings: checkpoint.warnings,
    },
  };
}
