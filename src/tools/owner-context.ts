// The tool context of the owner's own surfaces (CLI verbs, `keel batch`, `/keel` verbs, UI forms): the same tool
// run functions the model calls, as the owner, with no person-in-the-loop prompt. Reading starts nothing: without
// the pi session's live guard, guard's tools see a session-less view (no baseline, no loop streaks, no writes).
import { fail, ok } from "../core/result.ts";
import { emptyLoopState } from "../guard/loops/brake.ts";
import { guardScope } from "../guard/session/scope-of.ts";
import type { GuardLive } from "../guard/tools.ts";
import type { ProjectContext } from "../project/context.ts";
import type { ToolContext } from "./context.ts";
import { callTool, type ToolAnswer } from "./define.ts";
import { findTool, KEEL_TOOLS } from "./registry.ts";

export { ownerProject } from "../project/context.ts";

export function ownerToolContext(project: ProjectContext, live?: GuardLive): ToolContext {
  const guard = live ?? {
    scope: guardScope(project),
    state: { baseline: null, loops: emptyLoopState(), briefDigest: null },
  };
  return {
    project: ok(project),
    guard: async () => guard,
    branch: async () => fail("the owner's surfaces name a session file themselves"),
    contextPercent: () => null,
  };
}

/** Runs a registry tool by name for a surface that parsed its own syntax: one validation, bound and error flag. */
export function runTool(name: `keel_${string}`, ctx: ToolContext, args: unknown): Promise<ToolAnswer> {
  const tool = findTool(KEEL_TOOLS, name);
  if (!tool) throw new Error(`no keel tool named ${name}`);
  return callTool(tool, ctx, args);
}

/** Runs a registry tool and renders its data for a person, or answers its error (`keel: …`). */
export async function runToolText<T>(
  ctx: ToolContext,
  name: `keel_${string}`,
  args: unknown,
  render: (data: T) => string,
): Promise<string> {
  const answer = await runTool(name, ctx, args);
  return answer.isError ? `keel: ${answer.text}` : render(answer.data as T);
}
