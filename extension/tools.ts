// The pi adapter for keel's tool registry: registers every tool the registry offers pi (one definition per
// operation, src/tools/registry.ts) and runs each call through callTool with a ToolContext cut from pi's context:
// the session's project (a person asked through pi's UI), the guard session, this session's branch, pi's model.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { ok } from "../src/core/result.ts";
import type { GuardLive } from "../src/guard/tools.ts";
import { lookupModel } from "../src/recall/lookup/subagent-model.ts";
import { loadSessionBranch } from "../src/session/load-branch.ts";
import type { ToolContext } from "../src/tools/context.ts";
import { callTool, type ToolArea, type ToolDef } from "../src/tools/define.ts";
import { selectTools } from "../src/tools/registry.ts";
import { askPerson } from "./memory.ts";
import type { SessionRuntime } from "./runtime.ts";

export interface PiToolSources {
  runtime(): SessionRuntime | undefined;
  guard(): GuardLive | undefined;
  memoryGuidance(): "active" | "replaced";
}

/** Registers the registry's pi tools; pi then validates, and callTool checks, bounds and flags errors. */
export function registerKeelTools(
  pi: ExtensionAPI,
  sources: PiToolSources,
  areas?: readonly ToolArea[],
): ToolDef[] {
  const tools = selectTools({ host: "pi", areas });
  for (const tool of tools) {
    pi.registerTool({
      name: tool.name,
      label: tool.title,
      description: tool.description,
      ...(tool.promptSnippet ? { promptSnippet: tool.promptSnippet } : {}),
      parameters: tool.schema,
      ...(tool.sequential ? { executionMode: "sequential" as const } : {}),
      async execute(_id, params, signal, _update, ctx) {
        const answer = await callTool(tool, toolContext(sources, ctx, signal), params);
        if (answer.notice) ctx.ui.notify(answer.notice, "warning");
        return {
          content: [{ type: "text", text: answer.text }],
          details: answer.data,
          isError: answer.isError,
        };
      },
    });
  }
  return tools;
}

function toolContext(
  sources: PiToolSources,
  ctx: ExtensionContext,
  signal: AbortSignal | undefined,
): ToolContext {
  const project = sources.runtime()?.project ?? {
    ok: false as const,
    reason: { code: "STORE_UNAVAILABLE", message: "keel's store is not open" },
  };
  return {
    project: project.ok
      ? ok({
          ...project.value,
          approve: (request, asked) => askPerson(ctx, request, project.value.project.id, asked ?? signal),
        })
      : project,
    guard: async () => sources.guard(),
    async branch(file) {
      if (file === undefined) return ok(ctx.sessionManager.getBranch());
      const loaded = await loadSessionBranch(file);
      return loaded.ok ? ok(loaded.value.branch) : loaded;
    },
    contextPercent: () => ctx.getContextUsage()?.percent ?? null,
    signal,
    lookupModel: () => (ctx.model ? lookupModel(ctx.modelRegistry, ctx.model, signal) : undefined),
    memoryGuidance: sources.memoryGuidance,
  };
}
