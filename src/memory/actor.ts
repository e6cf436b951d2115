// Memory's actor cut from the one project context: the project, who is acting (origin), where a write came
// from (provenance, asked of git only when an action writes) and how to ask a person.
import type { ProjectContext } from "../project/context.ts";
import type { ActionContext } from "./actions.ts";
import { currentProvenance } from "./provenance.ts";

export function memoryActor(ctx: ProjectContext, signal?: AbortSignal): ActionContext {
  return {
    projectId: ctx.project.id,
    origin: ctx.origin,
    // Provenance asks git for HEAD: only the actions that write read it.
    get provenance() {
      return currentProvenance(ctx.cwd, ctx.sessionId || null);
    },
    approve: (request) => ctx.approve(request, signal),
  };
}
