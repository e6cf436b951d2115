// The CLI's way into src/project/open.ts: the current folder, KEEL_PROJECT_ROOT and the store from keel's paths.
// Commands that need a project fail with exit 2 and a hint when the folder has none. Light on purpose: the hot
// read commands import it (owner-scope.ts holds what loads the guard and the tool registry).

import * as project from "../project/open.ts";
import type { CommandContext } from "./context.ts";

export type { ProjectScope } from "../project/open.ts";

export function locationOf(ctx: CommandContext): project.ProjectLocation {
  return {
    cwd: ctx.cwd,
    configuredRoot: ctx.flags.projectRoot,
    storeUrl: ctx.paths.storeUrl,
    clock: ctx.clock,
    shared: ctx.shared,
  };
}

export function withProjectStore<T>(
  ctx: CommandContext,
  body: (scope: project.ProjectScope) => Promise<T>,
  options: { reading?: boolean } = {},
): Promise<T> {
  return project.withProjectStore(locationOf(ctx), body, options);
}
