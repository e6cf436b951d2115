// `--dry-run` for the verified strategy: the plan (one pass or batches), the model calls it would make, the
// extracted facts it must cover and the estimated size after, all without calling a model.
import type { BranchEntry } from "../../session/entries.ts";
import { prepareVerified, type VerifiedInput } from "./pipeline.ts";
import { renderFloor } from "./sections.ts";

export interface DryRun {
  firstKeptEntryId: string;
  plan: "single" | "hierarchical";
  modelCalls: { synthesis: number; patchAtMost: number };
  prefixEntries: number;
  facts: { constraints: number; decisions: number; files: number; errors: number; openLoops: number };
  estimatedTokensAfter: number;
  timeoutMs: number;
}

/** The kept tail a manual compaction would most likely start at: the last user message. */
export function estimatedCut(branch: readonly BranchEntry[]): string | undefined {
  for (let i = branch.length - 1; i > 0; i--) {
    const entry = branch[i] as BranchEntry;
    if (entry.type === "message" && (entry as { message?: { role?: string } }).message?.role === "user")
      return entry.id;
  }
  return undefined;
}

export function dryRunVerified(input: VerifiedInput): DryRun {
  const p = prepareVerified(input);
  const x = p.extraction;
  const floorTokens = Math.ceil((renderFloor(x).length + input.protectedBlock.length) / 4);
  return {
    firstKeptEntryId: input.firstKeptEntryId,
    plan: p.plan.kind,
    modelCalls: { synthesis: p.plan.calls, patchAtMost: p.budget.modelPatch ? 1 : 0 },
    prefixEntries: p.prefix.length,
    facts: {
      constraints: x.constraints.length,
      decisions: x.decisions.length,
      files: x.files.read.length + x.files.modified.length + x.files.deleted.length,
      errors: x.errors.length,
      openLoops: x.openLoops.length,
    },
    // The model is asked for at most its output budget; the floor is the least the summary holds.
    estimatedTokensAfter: Math.max(floorTokens, Math.min(p.budget.outputTokens, floorTokens * 3)),
    timeoutMs: p.timeoutMs,
  };
}

export function renderDryRun(d: DryRun, mode: string): string {
  return [
    `keel: verified compaction preview (${mode}, no model call made)`,
    `  plan: ${d.plan === "single" ? "one pass" : "batches then one assembly"} over ${d.prefixEntries} entries before ${d.firstKeptEntryId}`,
    `  model calls: ${d.modelCalls.synthesis} for synthesis, at most ${d.modelCalls.patchAtMost} patch; ${Math.round(d.timeoutMs / 1000)} s limit each`,
    `  must cover: ${d.facts.constraints} constraint(s), ${d.facts.decisions} decision(s), ${d.facts.files} file(s), ${d.facts.errors} error(s), ${d.facts.openLoops} open loop(s)`,
    `  estimated size after: about ${d.estimatedTokensAfter} tokens of summary`,
  ].join("\n");
}

export interface PreviewRequest {
  branch: readonly BranchEntry[];
  cwd: string;
  protectedBlock: string;
  mode: VerifiedInput["mode"];
  strict: boolean;
  timeoutMs: number;
  model: VerifiedInput["model"];
}

/** The `/keel compact verified --dry-run` text for the current branch, or why there is nothing to preview. */
export function previewVerified(request: PreviewRequest): string {
  const cut = estimatedCut(request.branch);
  if (!cut) return "keel: nothing to compact yet";
  const { timeoutMs, ...rest } = request;
  const preview = dryRunVerified({
    ...rest,
    firstKeptEntryId: cut,
    tokensBefore: 0,
    ...(timeoutMs > 0 ? { timeoutMs } : {}),
  });
  return renderDryRun(preview, request.mode);
}
