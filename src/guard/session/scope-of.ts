// Guard's scope cut from the one project context: the store, the project, the session, the folder commands run
// in, the personal contract layer and the loop brake's threshold (KEEL_LOOP_LIMIT, read through config/flags.ts).
// Every surface gets its guard scope here.
import { type EnvFlags, readEnvFlags } from "../../config/flags.ts";
import type { ProjectContext } from "../../project/context.ts";
import { storeDeps } from "../../project/context.ts";
import { blockAfterOf, type GuardScope } from "./guard-session.ts";

export function guardScope(
  ctx: Omit<ProjectContext, "approve" | "origin" | "sessionDirs">,
  flags: Pick<EnvFlags, "loopLimit"> = readEnvFlags(),
): GuardScope {
  return {
    ...storeDeps(ctx),
    projectId: ctx.project.id,
    projectRoot: ctx.project.root,
    sessionId: ctx.sessionId,
    cwd: ctx.cwd,
    personalContract: ctx.personalContract,
    blockAfter: blockAfterOf(flags),
  };
}
