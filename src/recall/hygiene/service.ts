// One engine service for keel_context and /keel trim: runs an action against the active branch and, for
// actions that change context, returns a pending operation that commits only at the next completed turn
// boundary (boundaryDrafts). Reads and searches answer at once; nothing here touches pi or the disk.

import { counted } from "../../core/plural.ts";
import type { BranchEntry } from "../../session/entries.ts";
import { type BranchScan, messageEntryOfCall, scanBranch } from "./branch-scan.ts";
import { checkpointDraft, type HygieneDraft, rewindDrafts, trimDrafts } from "./drafts.ts";
import { autoTrimDecision, planTrim, type TrimCandidate, type TrimCause, type TrimPlan } from "./plan.ts";
import { DEFAULT_LIMITS, type HygieneLimits } from "./policy.ts";
import { readRef, searchSources } from "./read.ts";
import { planRewind, rewindReport } from "./rewind.ts";
import type { ArtifactLoader } from "./sources.ts";
import { hygieneStatus, renderStatus } from "./status.ts";
import type { ContextInput } from "./tool-schema.ts";

export type PendingOp =
  | {
      kind: "trim";
      cause: Exclude<TrimCause, "auto">;
      /** Planned while pi was idle: applied to every request from now on and committed as planned. */
      now?: readonly TrimCandidate[];
    }
  | { kind: "checkpoint"; toolCallId: string; id: string }
  | { kind: "rewind"; toolCallId: string; report: string };

/** What keel_context and /keel trim show (text, error flag), and the operation queued for the turn boundary. */
export interface ContextReply {
  text: string;
  isError: boolean;
  pending?: PendingOp;
}

export interface ActionEnv {
  branch: readonly BranchEntry[];
  toolCallId: string;
  /** Operations already queued for this boundary (a second checkpoint or rewind is refused). */
  queued: readonly PendingOp[];
  loadArtifact: ArtifactLoader;
  newId: () => string;
  /** Who asked for a trim: the model through keel_context, or the user through /keel trim. */
  cause?: "agent" | "manual";
  /** pi is idle (no run streaming): an idle moment is a turn boundary, so a trim applies to the next request. */
  idle?: boolean;
  limits?: HygieneLimits;
}

const refuse = (text: string): ContextReply => ({ text, isError: true });

export function describePlan(plan: TrimPlan): string {
  if (plan.candidates.length === 0) return `nothing to trim (skipped: ${JSON.stringify(plan.skipped)})`;
  const rows = plan.candidates.map((c) => `- t:${c.entryId} ${c.source}: ${c.chars} chars`);
  return [`${counted(plan.candidates.length, "output")}, ${plan.savedChars} chars saved:`, ...rows].join(
    "\n",
  );
}

export async function runContextAction(input: ContextInput, env: ActionEnv): Promise<ContextReply> {
  const scan = scanBranch(env.branch);
  const limits = env.limits ?? DEFAULT_LIMITS;
  switch (input.action) {
    case "status":
      return { text: renderStatus(hygieneStatus(scan)), isError: false };
    case "plan":
      return { text: `plan (nothing changed): ${describePlan(planTrim(scan, limits))}`, isError: false };
    case "trim": {
      const plan = planTrim(scan, limits);
      if (plan.candidates.length === 0) return { text: describePlan(plan), isError: false };
      if (env.idle && env.cause === "manual")
        return {
          text: `trimmed from the next request on: ${describePlan(plan)}`,
          isError: false,
          pending: { kind: "trim", cause: "manual", now: plan.candidates },
        };
      return {
        text: `trim queued; it applies when ${env.cause === "manual" ? "the next turn" : "this turn"} ends: ${describePlan(plan)}`,
        isError: false,
        pending: { kind: "trim", cause: env.cause ?? "agent" },
      };
    }
    case "read":
      return readAction(scan, input, env);
    case "search":
      return searchAction(scan, input, env);
    case "checkpoint":
      if (scan.checkpoint || env.queued.some((op) => op.kind === "checkpoint"))
        return refuse(
          `a checkpoint is already active (${scan.checkpoint?.id ?? "queued"}); rewind or continue first`,
        );
      return checkpointAction(env);
    case "rewind":
      return rewindAction(scan, input, env, limits);
  }
}

function checkpointAction(env: ActionEnv): ContextReply {
  const id = env.newId();
  return {
    text: `checkpoint ${id} set when this turn ends. Read-only calls after it can be rewound with keel_context {"action":"rewind","report":"…"}; files and processes are never rolled back.`,
    isError: false,
    pending: { kind: "checkpoint", toolCallId: env.toolCallId, id },
  };
}

function rewindAction(
  scan: BranchScan,
  input: ContextInput,
  env: ActionEnv,
  limits: HygieneLimits,
): ContextReply {
  if (env.queued.some((op) => op.kind === "rewind"))
    return refuse("a rewind is already queued for this turn");
  const plan = planRewind(scan, limits);
  if (!plan.ok) return refuse(`rewind refused: ${plan.reason}`);
  return {
    text: `rewind to checkpoint ${plan.value.checkpointId} queued: the detour leaves context when this turn ends and your report takes its place. Files and processes are not rolled back.`,
    isError: false,
    pending: { kind: "rewind", toolCallId: env.toolCallId, report: input.report ?? "" },
  };
}

async function readAction(scan: BranchScan, input: ContextInput, env: ActionEnv): Promise<ContextReply> {
  if (!input.ref) return refuse("read needs a ref (t:<entry id> or a:<sha256>)");
  const page = await readRef(
    scan,
    { ref: input.ref, offset: input.offset, maxChars: input.maxChars },
    env.loadArtifact,
  );
  if (!page.ok) return refuse(page.reason);
  const p = page.value;
  const next = p.nextOffset === null ? "end" : `next offset ${p.nextOffset}`;
  return {
    text: `[keel_context read ${p.ref} · ${p.label} · chars ${p.offset}-${p.end} of ${p.total} · ${next}]\n${p.text}`,
    isError: false,
  };
}

async function searchAction(scan: BranchScan, input: ContextInput, env: ActionEnv): Promise<ContextReply> {
  if (!input.query) return refuse("search needs a query");
  const page = await searchSources(scan, { query: input.query, cursor: input.cursor }, env.loadArtifact);
  if (!page.ok) return refuse(page.reason);
  return { text: JSON.stringify(page.value), isError: false };
}

export interface BoundaryInput {
  branch: readonly BranchEntry[];
  pending: readonly PendingOp[];
  contextPercent: number | null;
  limits?: HygieneLimits;
}

export interface BoundaryOutcome {
  drafts: HygieneDraft[];
  /** One line per operation for the user: applied, refused, or why an automatic batch waited. */
  notes: string[];
}

/** What to append at a completed turn boundary: queued operations in order, else an automatic trim when due. */
export function boundaryDrafts(input: BoundaryInput): BoundaryOutcome {
  const limits = input.limits ?? DEFAULT_LIMITS;
  const scan = scanBranch(input.branch);
  const out: BoundaryOutcome = { drafts: [], notes: [] };
  const rewind = input.pending.find((op) => op.kind === "rewind");
  if (rewind?.kind === "rewind") return rewindBoundary(scan, rewind, limits, out);
  for (const op of input.pending) {
    if (op.kind === "checkpoint") {
      const anchor = messageEntryOfCall(scan, op.toolCallId);
      if (!anchor || scan.checkpoint)
        out.notes.push(
          `checkpoint ${op.id} not set: ${anchor ? "another is active" : "its call is not on this branch"}`,
        );
      else out.drafts.push(checkpointDraft(op.id, anchor));
    }
  }
  const manual = input.pending.find((op) => op.kind === "trim");
  const plan =
    manual?.kind === "trim" && manual.now ? plannedEarlier(scan, manual.now) : planTrim(scan, limits);
  if (manual?.kind === "trim") {
    out.drafts.push(...trimDrafts(plan, manual.cause));
    out.notes.push(
      plan.candidates.length
        ? `trimmed ${counted(plan.candidates.length, "output")}, ${plan.savedChars} chars saved`
        : "nothing to trim",
    );
  } else if (scan.settings.auto && autoTrimDecision(plan, input.contextPercent, limits).ok) {
    out.drafts.push(...trimDrafts(plan, "auto"));
    out.notes.push(
      `trimmed ${plan.candidates.length} old outputs automatically, ${plan.savedChars} chars saved`,
    );
  }
  return out;
}

/** A trim planned while idle, committed as the requests already saw it (outputs no longer on the branch drop out). */
function plannedEarlier(scan: BranchScan, now: readonly TrimCandidate[]): TrimPlan {
  const candidates = now.filter(
    (c) => scan.positionOf(c.entryId) !== undefined && !scan.edits.has(c.entryId),
  );
  return {
    candidates,
    savedChars: candidates.reduce((sum, c) => sum + c.saved, 0),
    skipped: {},
    turnsSinceChange: 0,
  };
}

function rewindBoundary(
  scan: BranchScan,
  op: Extract<PendingOp, { kind: "rewind" }>,
  limits: HygieneLimits,
  out: BoundaryOutcome,
): BoundaryOutcome {
  const plan = planRewind(scan, limits);
  if (!plan.ok) {
    out.notes.push(`rewind refused: ${plan.reason}`);
    return out;
  }
  out.drafts.push(
    ...rewindDrafts(
      plan.value.checkpointId,
      plan.value.omit,
      rewindReport(plan.value.omit.length, op.report),
    ),
  );
  out.notes.push(
    `rewound to checkpoint ${plan.value.checkpointId}: ${counted(plan.value.omit.length, "entry", "entries")} left context`,
  );
  return out;
}
