// Pi adapter for context hygiene: keel_context, `/keel trim …`, artifact spill in tool_result, and the
// turn_end step that commits queued trims, checkpoints and rewinds (and automatic trims when due) as context
// edits through pi; a `/keel trim` while pi is idle shapes the next request at once (the context step). Each pi event gets one step function here, which extension/index.ts runs in its pipelines.
import type { ExtensionAPI, ExtensionContext, TurnEndEvent } from "@earendil-works/pi-coding-agent";
import { readEnvFlags } from "../src/config/flags.ts";
import { resolvePaths } from "../src/config/paths.ts";
import { spillCandidate, spilledResult } from "../src/recall/artifacts/spill.ts";
import { readArtifactText, writeArtifact } from "../src/recall/artifacts/store.ts";
import { SETTINGS_RECORD, scanBranch } from "../src/recall/hygiene/branch-scan.ts";
import { boundaryDrafts, type PendingOp, runContextAction } from "../src/recall/hygiene/service.ts";
import type { ArtifactLoader } from "../src/recall/hygiene/sources.ts";
import { hygieneStatus, renderSavings } from "../src/recall/hygiene/status.ts";
import {
  CONTEXT_TOOL_DESCRIPTION,
  type ContextInput,
  ContextParams,
} from "../src/recall/hygiene/tool-schema.ts";
import { applyTrimNow } from "../src/recall/hygiene/trim-now.ts";
import type { KeelCommandRouter } from "./keel-command.ts";

const STATUS_KEY = "keel-trim";
const TRIM_USAGE = "/keel trim [plan|status|auto on|off|spill on|off]";
const branchOf = (ctx: ExtensionContext) => ctx.sessionManager.getBranch();

type ToolResultInput = Parameters<typeof spillCandidate>[0] & { details: unknown };

export interface HygieneSteps {
  /** session_start and session_tree: queued changes belong to the old branch and are dropped. */
  sessionChanged(ctx: ExtensionContext): void;
  /** agent_settled: the status line catches up with what the run committed. */
  settled(ctx: ExtensionContext): void;
  /** context: a trim asked for while idle already shapes this request (undefined when none is waiting). */
  request<M>(messages: readonly M[]): M[] | undefined;
  toolResult(
    event: ToolResultInput,
    ctx: ExtensionContext,
  ): Promise<ReturnType<typeof spilledResult> | undefined>;
  turnEnd(
    event: TurnEndEvent,
    ctx: ExtensionContext,
  ): Promise<{ entries: TurnEndEvent["entries"] } | undefined>;
}

interface HygieneState {
  pending: PendingOp[];
  spill: boolean;
  artifactsDir: string;
  loadArtifact: ArtifactLoader;
}

export function registerHygiene(pi: ExtensionAPI, router: KeelCommandRouter): HygieneSteps {
  const artifactsDir = resolvePaths(readEnvFlags()).artifactsDir;
  const state: HygieneState = {
    pending: [],
    spill: false,
    artifactsDir,
    loadArtifact: (record) => readArtifactText(artifactsDir, record),
  };
  const steps = hygieneSteps(state);
  registerContextTool(pi, state);
  registerTrimCommand(pi, router, state);
  return steps;
}

function refreshStatus(state: HygieneState, ctx: ExtensionContext): void {
  const status = hygieneStatus(scanBranch(branchOf(ctx)));
  state.spill = status.spill;
  ctx.ui.setStatus(STATUS_KEY, renderSavings(status) || undefined);
}

function hygieneSteps(state: HygieneState): HygieneSteps {
  return {
    sessionChanged(ctx) {
      if (state.pending.length > 0)
        ctx.ui.notify(
          `keel: ${state.pending.length} queued context change(s) dropped: the session or branch changed`,
          "info",
        );
      state.pending = [];
      refreshStatus(state, ctx);
    },
    settled: (ctx) => refreshStatus(state, ctx),
    request(messages) {
      const now = state.pending.flatMap((op) => (op.kind === "trim" && op.now ? op.now : []));
      const shaped = applyTrimNow(messages, now);
      return shaped === messages ? undefined : [...shaped];
    },
    async toolResult(event, ctx) {
      if (!state.spill) return undefined;
      const candidate = spillCandidate(event);
      if (!candidate) return undefined;
      // Any storage failure leaves the original result untouched.
      const stored = await writeArtifact(
        state.artifactsDir,
        ctx.sessionManager.getSessionId(),
        candidate.text,
      );
      return stored.ok ? spilledResult(candidate, stored.value, event.details) : undefined;
    },
    async turnEnd(event, ctx) {
      if (
        event.outcome !== "completed" ||
        event.entries.length > 0 ||
        event.context.pendingMessages.length > 0
      )
        return undefined;
      const ops = state.pending;
      state.pending = [];
      const contextPercent = ctx.getContextUsage()?.percent ?? null;
      const outcome = boundaryDrafts({ branch: branchOf(ctx), pending: ops, contextPercent });
      for (const note of outcome.notes) ctx.ui.notify(`keel: ${note}`, "info");
      if (outcome.drafts.length === 0) return undefined;
      return { entries: [...event.entries, ...(outcome.drafts as TurnEndEvent["entries"])] };
    },
  };
}

function act(
  state: HygieneState,
  input: ContextInput,
  ctx: ExtensionContext,
  toolCallId: string,
  cause: "agent" | "manual",
) {
  return runContextAction(input, {
    branch: branchOf(ctx),
    toolCallId,
    queued: state.pending,
    loadArtifact: state.loadArtifact,
    newId: () => `cp-${Date.now().toString(36)}`,
    cause,
    idle: cause === "manual" && ctx.isIdle(),
  });
}

/**
 * keel_context stays outside the tool registry (src/tools): it reads pi's live session (the active branch and the
 * trim queue), which no other host has, so MCP cannot offer it.
 */
function registerContextTool(pi: ExtensionAPI, state: HygieneState): void {
  pi.registerTool({
    name: "keel_context",
    label: "keel context",
    description: CONTEXT_TOOL_DESCRIPTION,
    promptSnippet:
      "keel_context: read back trimmed tool outputs and artifacts by ref; trim, search, checkpoint and rewind",
    parameters: ContextParams,
    async execute(toolCallId, params, _signal, _update, ctx) {
      const result = await act(state, params as ContextInput, ctx, toolCallId, "agent");
      if (result.pending) state.pending.push(result.pending);
      return {
        content: [{ type: "text" as const, text: result.text }],
        details: {},
        isError: result.isError,
      };
    },
  });
}

function registerTrimCommand(pi: ExtensionAPI, router: KeelCommandRouter, state: HygieneState): void {
  router.add("trim", TRIM_USAGE, async (args, ctx) => {
    const [verb, value] = args;
    if ((verb === "auto" || verb === "spill") && (value === "on" || value === "off")) {
      pi.appendEntry(SETTINGS_RECORD, { [verb]: value === "on" });
      refreshStatus(state, ctx);
      const what = verb === "auto" ? "automatic trimming" : "artifact spill";
      return ctx.ui.notify(`keel: ${what} ${value} for this branch`, "info");
    }
    const action = verb ?? "trim";
    if (action !== "trim" && action !== "plan" && action !== "status")
      return ctx.ui.notify(`usage: ${TRIM_USAGE}`, "warning");
    const result = await act(state, { action }, ctx, "", "manual");
    if (result.pending) state.pending.push(result.pending);
    ctx.ui.notify(`keel: ${result.text}`, result.isError ? "warning" : "info");
  });
}
