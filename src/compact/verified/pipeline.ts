// The verified strategy end to end: extract the compacted prefix, synthesize through the model, verify,
// repair (deterministic patch, one model patch when the mode allows, deterministic floor), then apply the
// best candidate labelled with its coverage. It never fails closed: only `strict` refuses, and says why.
import type { BranchEntry } from "../../session/entries.ts";
import { RECOVERY_TOOLS } from "../verbatim/wording.ts";
import { extractDetailed } from "./extract/index.ts";
import { ledgerFrom } from "./extract/ledger.ts";
import type { Extraction } from "./extract/types.ts";
import { budgetFor, callTimeoutMs, type Mode, type ModelLimits } from "./modes.ts";
import { PATCH_SYSTEM, patchPrompt } from "./prompts.ts";
import { patchSummary } from "./repair.ts";
import { renderFloor } from "./sections.ts";
import { serializePrefix } from "./serialize.ts";
import {
  type Complete,
  type ModelFailure,
  planSynthesis,
  type SynthesisPlan,
  synthesize,
  usableSummary,
} from "./synthesize.ts";
import { type Evidence, type Verification, verifySummary } from "./verify.ts";

export const VERIFIED_VERSION = 1;
const MIN_SAVING = 0.1;
const MAX_GAPS_KEPT = 50;

export interface VerifiedInput {
  branch: readonly BranchEntry[];
  firstKeptEntryId: string;
  tokensBefore: number;
  cwd: string;
  protectedBlock: string;
  mode: Mode;
  focus?: string;
  strict: boolean;
  model: ModelLimits;
  timeoutMs?: number;
}

export type Outcome = "synthesized" | "patched" | "model-patched" | "floor";

export interface VerifiedReport {
  mode: Mode;
  outcome: Outcome;
  coverage: number;
  gaps: Verification["gaps"];
  modelCalls: number;
  latencyMs: number;
  tokensBefore: number;
  tokensAfter: number;
  failure: ModelFailure | null;
  /** Gaps the model's first summary had before repair (empty when it had none or no model answered). */
  foundGaps: Verification["gaps"];
}

export type VerifiedResult =
  | {
      kind: "proposal";
      summary: string;
      details: Record<string, unknown>;
      reorientation: string;
      warnings: string[];
      report: VerifiedReport;
    }
  | { kind: "refused"; reason: string; report: VerifiedReport }
  | { kind: "verbatim"; note: string };

export interface Prepared {
  prefix: BranchEntry[];
  extraction: Extraction;
  evidence: Evidence;
  plan: SynthesisPlan;
  budget: ReturnType<typeof budgetFor>;
  timeoutMs: number;
}

/** Everything before the first kept entry, extracted and planned: shared by the run and the dry run. */
export function prepareVerified(input: VerifiedInput): Prepared {
  const cut = input.branch.findIndex((e) => e.id === input.firstKeptEntryId);
  const prefix = cut === -1 ? [...input.branch] : input.branch.slice(0, cut);
  const { extraction, attempts } = extractDetailed(prefix, { cwd: input.cwd });
  const budget = budgetFor(input.mode, input.model);
  const batches = serializePrefix(prefix, input.cwd, budget.batchChars);
  return {
    prefix,
    extraction,
    budget,
    evidence: { attempts, sourceText: batches.join("\n") },
    plan: planSynthesis(batches, budget),
    timeoutMs: callTimeoutMs(budget, input.model, input.timeoutMs),
  };
}

interface Candidate {
  text: string;
  outcome: Outcome;
  check: Verification;
}

async function candidates(p: Prepared, input: VerifiedInput, complete: Complete | undefined) {
  const list: Candidate[] = [];
  const verify = (text: string, outcome: Outcome) => {
    const c = { text, outcome, check: verifySummary(text, p.extraction, p.evidence) };
    list.push(c);
    return c;
  };
  const limits = { maxTokens: p.budget.outputTokens, timeoutMs: p.timeoutMs };
  let calls = 0;
  let failure: ModelFailure | null = complete ? null : "no-model";
  if (complete) {
    const synthesis = await synthesize(p.plan, p.extraction, complete, limits, input.focus);
    calls += synthesis.calls;
    if (!synthesis.ok) failure = synthesis.reason;
    else {
      let best = verify(synthesis.value, "synthesized");
      if (best.check.gaps.length > 0)
        best = verify(patchSummary(best.text, best.check.gaps, p.extraction), "patched");
      if (best.check.gaps.length > 0 && p.budget.modelPatch && calls < p.budget.maxCalls) {
        calls++;
        const reply = await complete({
          system: PATCH_SYSTEM,
          prompt: patchPrompt(best.text, best.check.gaps, p.extraction),
          ...limits,
        });
        if (reply.ok && usableSummary(reply.value)) {
          const patched = verify(reply.value.trim(), "model-patched");
          if (patched.check.gaps.length > 0)
            verify(patchSummary(patched.text, patched.check.gaps, p.extraction), "model-patched");
        }
      }
    }
  }
  return { list, calls, failure };
}

function choose(list: Candidate[], floor: Candidate): Candidate {
  const clean = list.find((c) => c.check.gaps.length === 0);
  if (clean) return clean;
  return [...list, floor].reduce((a, b) => (b.check.coverage > a.check.coverage ? b : a));
}

export async function runVerified(
  input: VerifiedInput,
  complete: Complete | undefined,
  now: () => number,
): Promise<VerifiedResult> {
  const started = now();
  const p = prepareVerified(input);
  const { list, calls, failure } = await candidates(p, input, complete);
  const floorText = renderFloor(p.extraction);
  const floor: Candidate = {
    text: floorText,
    outcome: "floor",
    check: verifySummary(floorText, p.extraction, p.evidence),
  };
  const chosen = choose(list, floor);
  const title = `# keel summary (verified, ${input.mode}, ${chosen.outcome}, coverage ${Math.round(chosen.check.coverage * 100)}%)`;
  const summary = [title, chosen.text, input.protectedBlock].filter((part) => part !== "").join("\n\n");
  const tokensAfter = Math.ceil(summary.length / 4);
  const report: VerifiedReport = {
    mode: input.mode,
    outcome: chosen.outcome,
    coverage: chosen.check.coverage,
    gaps: chosen.check.gaps.slice(0, MAX_GAPS_KEPT),
    modelCalls: calls,
    latencyMs: now() - started,
    tokensBefore: input.tokensBefore,
    tokensAfter,
    failure,
    foundGaps: (list[0]?.check.gaps ?? []).slice(0, MAX_GAPS_KEPT),
  };
  if (input.strict && chosen.outcome === "floor") {
    const why = failure
      ? `the model call failed (${failure})`
      : `the model's summary kept ${list.at(-1)?.check.gaps.length ?? 0} gap(s) after repair`;
    return {
      kind: "refused",
      report,
      reason: `strict mode: ${why}, so the conversation was left unchanged. Try /keel compact verified thorough, switch strict off with /keel compact strict off, or use /keel compact strategy verbatim.`,
    };
  }
  if (input.tokensBefore > 0 && 1 - tokensAfter / input.tokensBefore < MIN_SAVING)
    return {
      kind: "verbatim",
      note: `the verified summary would save under ${MIN_SAVING * 100}% (${tokensAfter} of ${input.tokensBefore} tokens); a verbatim checkpoint was written instead`,
    };
  const warnings = [
    ...(failure
      ? [`the model call failed (${failure}); the summary was built from the extraction alone`]
      : []),
    ...(chosen.check.gaps.length > 0
      ? [
          `${chosen.check.gaps.length} gap(s) remain: ${[...new Set(chosen.check.gaps.map((g) => g.kind))].join(", ")}`,
        ]
      : []),
    ...(p.plan.droppedBatches > 0
      ? [`${p.plan.droppedBatches} oldest part(s) were summarized from the extraction only`]
      : []),
  ];
  const reorientation = `[keel: resuming after a verified summary (${chosen.outcome}, coverage ${Math.round(chosen.check.coverage * 100)}%). Older detail is recoverable with ${RECOVERY_TOOLS}.]`;
  return {
    kind: "proposal",
    summary,
    reorientation,
    warnings,
    report,
    details: {
      keel: {
        strategy: "verified",
        version: VERIFIED_VERSION,
        ...report,
        ledger: ledgerFrom(p.extraction),
        reorientation,
      },
    },
  };
}
