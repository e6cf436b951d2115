// Pi adapter for project memory: registers the keel_memory tool (schema in src/memory/tool-schema.ts), adds
// keel's memory guidance to the system prompt before each run and notices when another extension replaced the
// prompt. All rules live in src/memory/; this file only translates. It never throws into pi.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { systemClock } from "../src/core/clock.ts";
import { describeError } from "../src/core/errors.ts";
import type { Result } from "../src/core/result.ts";
import {
  type ApprovalRequest,
  type MemoryToolReply,
  renderEnvelope,
  runMemoryAction,
} from "../src/memory/actions.ts";
import { currentProvenance } from "../src/memory/provenance.ts";
import { MEMORY_ACTIONS, MemoryToolSchema } from "../src/memory/tool-schema.ts";
import type { ProjectIdentity } from "../src/project/identity.ts";
import type { Store } from "../src/project/open.ts";
import { createMemoryGuidance, type MemorySteps } from "./memory-guidance.ts";

export type MemoryRuntime = () => { store?: Store; identity: Result<ProjectIdentity> } | undefined;

export { MemoryToolSchema };

export function registerMemory(pi: ExtensionAPI, runtime: MemoryRuntime): MemorySteps {
  const guidance = createMemoryGuidance(runtime);
  pi.registerTool({
    name: "keel_memory",
    label: "Project memory",
    description: `Search, read and write this repository's memory, which outlives sessions. Actions: ${MEMORY_ACTIONS.join(", ")}.`,
    promptSnippet: "Search or update this project's long-lived memory (decisions, conventions, facts).",
    parameters: MemoryToolSchema,
    executionMode: "sequential",
    async execute(_toolCallId, params, signal, _onUpdate, ctx) {
      const result = await runTool(runtime, params as Record<string, unknown>, ctx, signal);
      if (result.ok && result.action === "status")
        result.data = { ...(result.data as object), guidance: guidance.replaced() ? "replaced" : "active" };
      return {
        content: [{ type: "text", text: renderEnvelope(result) }],
        details: result,
        isError: !result.ok,
      };
    },
  });
  return guidance;
}

async function runTool(
  runtime: MemoryRuntime,
  params: Record<string, unknown>,
  ctx: ExtensionContext,
  signal: AbortSignal | undefined,
): Promise<MemoryToolReply> {
  const action = typeof params.action === "string" ? (params.action as MemoryToolReply["action"]) : "invalid";
  try {
    const rt = runtime();
    if (!rt?.store)
      return { ok: false, action, code: "STORE_UNAVAILABLE", message: "keel's store is not open" };
    if (!rt.identity.ok)
      return { ok: false, action, code: "PROJECT_UNAVAILABLE", message: rt.identity.reason };
    const projectId = rt.identity.value.id;
    const approve = (request: ApprovalRequest) => askPerson(ctx, request, projectId, signal);
    const provenance = currentProvenance(ctx.cwd, ctx.sessionManager.getSessionId());
    return await runMemoryAction(
      { db: rt.store.db, clock: systemClock },
      { projectId, provenance, approve },
      params,
    );
  } catch (error) {
    return { ok: false, action, code: "MEMORY_FAILED", message: describeError(error) };
  }
}

/** A real yes from a person, or no: without an interactive UI nothing counts as consent. */
async function askPerson(
  ctx: ExtensionContext,
  request: ApprovalRequest,
  projectId: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (!ctx.hasUI) return false;
  const message =
    request.kind === "unpin"
      ? `Unpin memory record ${request.id}? Records it links to lose their protection from cleanup.`
      : [
          `Project ${projectId.slice(0, 12)} · confirmation ${request.token}`,
          `Remove: ${request.proposal.removeIds.join(", ") || "nothing"}`,
          ...request.proposal.consolidations.map(
            (c) => `Merge ${c.sourceIds.join(", ")} into "${c.summary.title}"`,
          ),
        ].join("\n");
  const title =
    request.kind === "unpin" ? "keel: unpin a memory record?" : "keel: apply this memory cleanup?";
  return ctx.ui.confirm(title, message, { timeout: 60_000, signal });
}
