// The CLI's way into src/project/open.ts: the current folder, KEEL_PROJECT_ROOT and the store from keel's paths,
// and the command's one project context (the owner at the terminal, at no pi session). Commands that need a
// project fail with exit 2 and a hint when the folder has none.

import { UserError } from "../core/errors.ts";
import type { ProjectContext } from "../project/context.ts";
import * as project from "../project/open.ts";
import { sessionDirsFor } from "../session/session-files.ts";
import { ownerProject, ownerToolContext, runTool } from "../tools/owner-context.ts";
import type { CommandContext } from "./context.ts";

export function locationOf(ctx: CommandContext): project.ProjectLocation {
  return {
    cwd: ctx.cwd,
    configuredRoot: ctx.flags.projectRoot,
    storeUrl: ctx.paths.storeUrl,
    clock: ctx.clock,
    shared: ctx.shared,
  };
}

/** Opens this project's store, runs `body` with the command's project context, closes the store. */
export function withProjectStore<T>(
  ctx: CommandContext,
  body: (owner: ProjectContext) => Promise<T>,
): Promise<T> {
  return project.withProjectStore(locationOf(ctx), ({ store, project }) =>
    body({
      ...ownerProject({
        store,
        project,
        clock: ctx.clock,
        cwd: ctx.cwd,
        personalContract: ctx.paths.personalContract,
      }),
      sessionDirs: sessionDirsFor(ctx.paths.agentDir),
    }),
  );
}

/** Runs a registry tool as the owner in this project; its error answer is this command's error (exit 2). */
export async function runOwnerTool<T>(
  owner: ProjectContext,
  name: `keel_${string}`,
  args: unknown,
): Promise<T> {
  const answer = await runTool(name, ownerToolContext(owner), args);
  if (answer.isError) throw new UserError(answer.text);
  return answer.data as T;
}
