// Pi adapter for context hygiene: keel_context, `/keel trim …`, artifact spill in tool_result, and the
// turn_end step that commits queued trims, checkpoints and rewinds (and automatic trims when due) as context
// edits through pi. Each pi event gets one step function here, so the event pipeline can order them.
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
import type { BranchEntry } from "../src/session/entries.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";

const STATUS_KEY = "keel-trim";
const TRIM_USAGE = "/keel trim [plan|status|auto on|off|spill on|off]";
const branchOf = (ctx: ExtensionContext) => ctx.sessionManager.getBranch() as unknown as BranchEntry[];

export interface HygieneSteps {
  sessionChanged(ctx: ExtensionContext): void;
  toolResult(
    event: {
      toolName: string;
      input: Record<string, unknown>;
      content: unknown;
      isError: boolean;
      details: unknown;
    },
    ctx: ExtensionContext,
  ): Promise<
    { content: Array<{ type: "text"; text: string }>; details: Record<string, unknown> } | undefined
  >;
  turnEnd(
    event: TurnEndEvent,
    ctx: ExtensionContext,
  ): Promise<{ entries: TurnEndEvent["entries"] } | undefined>;
}

export function registerHygiene(pi: ExtensionAPI, router: KeelCommandRouter): HygieneSteps {
  const artifactsDir = resolvePaths(readEnvFlags()).artifactsDir;
  const loadArtifact: ArtifactLoader = (record) => readArtifactText(artifactsDir, record);
  let pending: PendingOp[] = [];
  let spill = false;

  const refresh = (ctx: ExtensionContext, branch = branchOf(ctx)) => {
    const status = hygieneStatus(scanBranch(branch));
    spill = status.spill;
    ctx.ui.setStatus(STATUS_KEY, renderSavings(status) || undefined);
  };

  const steps: HygieneSteps = {
    sessionChanged(ctx) {
      if (pending.length > 0)
        ctx.ui.notify(
          `keel: ${pending.length} queued context change(s) dropped: the session or branch changed`,
          "info",
        );
      pending = [];
      refresh(ctx);
    },
    async toolResult(event, ctx) {
      if (!spill) return undefined;
      const candidate = spillCandidate(event);
      if (!candidate) return undefined;
      const stored = await writeArtifact(artifactsDir, ctx.sessionManager.getSessionId(), candidate.text);
      if (!stored.ok) return undefined;
      return spilledResult(candidate, stored.value, event.details);
    },
    async turnEnd(event, ctx) {
      if (
        event.outcome !== "completed" ||
        event.entries.length > 0 ||
        event.context.pendingMessages.length > 0
      )
        return undefined;
      const branch = branchOf(ctx);
      const ops = pending;
      pending = [];
      const outcome = boundaryDrafts({
        branch,
        pending: ops,
        contextPercent: ctx.getContextUsage()?.percent ?? null,
      });
      for (const note of outcome.notes) ctx.ui.notify(`keel: ${note}`, "info");
      if (outcome.drafts.length === 0) return undefined;
      return { entries: [...event.entries, ...(outcome.drafts as TurnEndEvent["entries"])] };
    },
  };

  pi.on("session_start", (_event, ctx) =>
    guarded(ctx, "hygiene start", async () => steps.sessionChanged(ctx)),
  );
  pi.on("session_tree", (_event, ctx) => guarded(ctx, "hygiene tree", async () => steps.sessionChanged(ctx)));
  pi.on("tool_result", async (event, ctx) =>
    guarded(ctx, "artifact spill", () => steps.toolResult(event, ctx)),
  );
  pi.on("turn_end", async (event, ctx) => guarded(ctx, "hygiene", () => steps.turnEnd(event, ctx)));
  pi.on("agent_settled", (_event, ctx) => guarded(ctx, "hygiene status", async () => refresh(ctx)));

  const act = (input: ContextInput, ctx: ExtensionContext, toolCallId: string, cause: "agent" | "manual") =>
    runContextAction(input, {
      branch: branchOf(ctx),
      toolCallId,
      queued: pending,
      loadArtifact,
      newId: () => `cp-${Date.now().toString(36)}`,
      cause,
    });

  pi.registerTool({
    name: "keel_context",
    label: "keel context",
    description: CONTEXT_TOOL_DESCRIPTION,
    promptSnippet:
      "keel_context: read back trimmed tool outputs and artifacts by ref; trim, search, checkpoint and rewind",
    parameters: ContextParams,
    async execute(toolCallId, params, _signal, _update, ctx) {
      const result = await act(params as ContextInput, ctx, toolCallId, "agent");
      if (result.pending) pending.push(result.pending);
      return {
        content: [{ type: "text" as const, text: result.text }],
        details: {},
        isError: result.isError,
      };
    },
  });

  router.add("trim", TRIM_USAGE, async (args, ctx) => {
    const [verb, value] = args;
    if ((verb === "auto" || verb === "spill") && (value === "on" || value === "off")) {
      pi.appendEntry(SETTINGS_RECORD, { [verb]: value === "on" });
      refresh(ctx);
      return ctx.ui.notify(
        `keel: ${verb === "auto" ? "automatic trimming" : "artifact spill"} ${value} for this branch`,
        "info",
      );
    }
    const action = verb === undefined ? "trim" : verb;
    if (action !== "trim" && action !== "plan" && action !== "status")
      return ctx.ui.notify(`usage: ${TRIM_USAGE}`, "warning");
    const result = await act({ action }, ctx, "", "manual");
    if (result.pending) pending.push(result.pending);
    ctx.ui.notify(`keel: ${result.text}`, result.isError ? "warning" : "info");
  });
  return steps;
}
