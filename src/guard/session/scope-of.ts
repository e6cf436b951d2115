// Guard's scope cut from the one project context: the store, the project, the session, the folder commands run
// in, the personal contract layer and the loop brake's threshold. Every surface gets its guard scope here.
import type { ProjectContext } from "../../project/context.ts";
import { storeDeps } from "../../project/context.ts";
import { DEFAULT_BLOCK_AFTER, type GuardScope } from "./guard-session.ts";

export function guardScope(ctx: Omit<ProjectContext, "approve" | "origin" | "sessionDirs">): GuardScope {
  return {
    ...storeDeps(ctx),
    projectId: ctx.project.id,
    projectRoot: ctx.project.root,
    sessionId: ctx.sessionId,
    cwd: ctx.cwd,
    personalContract: ctx.personalContract,
    blockAfter: DEFAULT_BLOCK_AFTER,
  };
}
