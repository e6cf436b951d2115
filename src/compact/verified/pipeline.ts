// The verified strategy end to end: extract the compacted prefix, synthesize through the model, verify,
// repair (deterministic patch, one model patch when the mode allows, deterministic floor), then apply the
// best candidate labelled with its coverage. It never fails closed: only `strict` refuses, and says why.
import type { BranchEntry } from "../../session/entries.ts";
import { RECOVERY_TOOLS } from "../verbatim/wording.ts";
import { extractDetailed } from "./extract/index.ts";
import { ledgerFrom } from "./extract/ledger.ts";
import type { Extraction } from "./extract/types.ts";
import { budgetFor, callTimeoutMs, type Mode, type ModelLimits } from "./modes.ts";
import { type NoticeInput, outcomeWords, summaryTitle, verifiedNotice } from "./notice.ts";
import { PATCH_SYSTEM, patchPrompt } from "./prompts.ts";
import { patchSummary, type SummaryChange } from "./repair.ts";
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
const MAX_CHANGES = 50;

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
  /** Share of the extracted facts the model's own summary stated (the floor's when no model answered). */
  coverage: number;
  /** The same share for the summary applied, after repair. */
  coverageAfter: number;
  gaps: Verification["gaps"];
  /** Lines removed, corrected or added to the model's summary, each with why. */
  changes: SummaryChange[];
  /** The one notification shown after the compaction, in plain words. */
  notice: string;
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
  | { kind: "verbatim"; note: string; modelCalls: number };

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
  // Claims are judged on the whole branch: a passing run in the kept part backs the summary too.
  const kept = cut === -1 ? [] : input.branch.slice(cut);
  const later = kept.length > 0 ? extractDetailed(kept, { cwd: input.cwd }).attempts : [];
  const budget = budgetFor(input.mode, input.model);
  const batches = serializePrefix(prefix, input.cwd, budget.batchChars);
  return {
    prefix,
    extraction,
    budget,
    evidence: { attempts: [...attempts, ...later], sourceText: batches.join("\n") },
    plan: planSynthesis(batches, budget),
    timeoutMs: callTimeoutMs(budget, input.model, input.timeoutMs),
  };
}

interface Candidate {
  text: string;
  outcome: Outcome;
  check: Verification;
  /** What was changed in the model's summary to reach this text, and why. */
  changes: SummaryChange[];
}

/** Lines a model's patch took out of or put into the summary. */
function lineDiff(before: string, after: string): SummaryChange[] {
  const had = new Set(before.split("\n").map((l) => l.trim()));
  const has = new Set(after.split("\n").map((l) => l.trim()));
  const why = "the model's own correction";
  return [
    ...[...had]
      .filter((l) => l !== "" && !has.has(l))
      .map((text): SummaryChange => ({ action: "removed", text, why })),
    ...[...has]
      .filter((l) => l !== "" && !had.has(l))
      .map((text): SummaryChange => ({ action: "added", text, why })),
  ].slice(0, MAX_CHANGES);
}

async function candidates(p: Prepared, input: VerifiedInput, complete: Complete | undefined) {
  const list: Candidate[] = [];
  const verify = (text: string, outcome: Outcome, changes: SummaryChange[]) => {
    const c = { text, outcome, changes, check: verifySummary(text, p.extraction, p.evidence) };
    list.push(c);
    return c;
  };
  const repair = (c: Candidate, outcome: Outcome) => {
    const patched = patchSummary(c.text, c.check.gaps, p.extraction);
    return verify(patched.text, outcome, [...c.changes, ...patched.changes]);
  };
  const limits = { maxTokens: p.budget.outputTokens, timeoutMs: p.timeoutMs };
  let calls = 0;
  let failure: ModelFailure | null = complete ? null : "no-model";
  if (complete) {
    const synthesis = await synthesize(p.plan, p.extraction, complete, limits, input.focus);
    calls += synthesis.calls;
    if (!synthesis.ok) failure = synthesis.reason;
    else {
      let best = verify(synthesis.value, "synthesized", []);
      if (best.check.gaps.length > 0) best = repair(best, "patched");
      if (best.check.gaps.length > 0 && p.budget.modelPatch && calls < p.budget.maxCalls) {
        calls++;
        const reply = await complete({
          system: PATCH_SYSTEM,
          prompt: patchPrompt(best.text, best.check.gaps, p.extraction),
          ...limits,
        });
        if (reply.ok && usableSummary(reply.value)) {
          const text = reply.value.trim();
          const patched = verify(text, "model-patched", [...best.changes, ...lineDiff(best.text, text)]);
          if (patched.check.gaps.length > 0) repair(patched, "model-patched");
        }
      }
    }
  }
  return { list, calls, failure };
}

/** The model's text, repaired, whenever the model answered usably: the floor is only for no usable answer. */
function choose(list: Candidate[], floor: Candidate): Candidate {
  const clean = list.find((c) => c.check.gaps.length === 0);
  if (clean) return clean;
  if (list.length === 0) return floor;
  return list.reduce((a, b) => (b.check.gaps.length <= a.check.gaps.length ? b : a));
}

export async function runVerified(
  input: VerifiedInput,
  complete: Complete | undefined,
  now: () => number,
): Promise<VerifiedResult> {
  const started = now();
  const p = prepareVerified(input);
  // Model calls are counted where they are sent, not from the plan: the report says what was actually asked.
  let sent = 0;
  const counted: Complete | undefined = complete
    ? (call) => {
        sent++;
        return complete(call);
      }
    : undefined;
  const { list, failure } = await candidates(p, input, counted);
  const calls = sent;
  const floorText = renderFloor(p.extraction);
  const floor: Candidate = {
    text: floorText,
    outcome: "floor",
    changes: [],
    check: verifySummary(floorText, p.extraction, p.evidence),
  };
  const chosen = choose(list, floor);
  const said: NoticeInput = {
    outcome: chosen.outcome,
    failure,
    modelCoverage: list[0]?.check.coverage ?? null,
    coverage: chosen.check.coverage,
    changes: chosen.changes,
    modelCalls: calls,
    gapsLeft: chosen.check.gaps.length,
  };
  const title = summaryTitle(said, input.mode);
  const summary = [title, chosen.text, input.protectedBlock].filter((part) => part !== "").join("\n\n");
  const tokensAfter = Math.ceil(summary.length / 4);
  const report: VerifiedReport = {
    mode: input.mode,
    outcome: chosen.outcome,
    coverage: said.modelCoverage ?? chosen.check.coverage,
    coverageAfter: chosen.check.coverage,
    gaps: chosen.check.gaps.slice(0, MAX_GAPS_KEPT),
    changes: chosen.changes.slice(0, MAX_CHANGES),
    notice: verifiedNotice(said, input.mode),
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
      modelCalls: calls,
      note: `the verified summary would save under ${MIN_SAVING * 100}% (${tokensAfter} of ${input.tokensBefore} tokens); a verbatim checkpoint was written instead`,
    };
  // The model failure and gaps left are in the notice; only what it does not say is a warning.
  const warnings =
    p.plan.droppedBatches > 0
      ? [`${p.plan.droppedBatches} oldest part(s) were summarized from the extraction only`]
      : [];
  const reorientation = `[keel: resuming after a verified summary (${outcomeWords(said)}). Older detail is recoverable with ${RECOVERY_TOOLS}.]`;
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
