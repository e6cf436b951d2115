// The CLI's way into src/project/open.ts: the current folder, KEEL_PROJECT_ROOT and the store from keel's paths.
// Commands that need a project fail with exit 2 and a hint when the folder has none.

import { UserError } from "../core/errors.ts";
import { type ContractScope, loadEffectiveContract } from "../guard/contract/edit.ts";
import type { EffectiveContract } from "../guard/contract/effective.ts";
import { storeDeps } from "../project/context.ts";
import * as project from "../project/open.ts";
import { ownerProject, ownerToolContext, runTool } from "../tools/owner-context.ts";
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
): Promise<T> {
  return project.withProjectStore(locationOf(ctx), body);
}

/** What the contract service needs for this project, with the user's personal layer from keel's paths. */
export function contractScope(ctx: CommandContext, { store, project }: project.ProjectScope): ContractScope {
  return {
    ...storeDeps({ store, clock: ctx.clock }),
    projectId: project.id,
    projectRoot: project.root,
    personalContract: ctx.paths.personalContract,
  };
}

/** The project's effective contract, with the user's personal layer from keel's paths. */
export function projectContract(
  ctx: CommandContext,
  scope: project.ProjectScope,
): Promise<EffectiveContract> {
  return loadEffectiveContract(contractScope(ctx, scope));
}

/** Runs a registry tool as the owner in this project; its error answer is this command's error (exit 2). */
export async function runOwnerTool<T>(
  ctx: CommandContext,
  scope: project.ProjectScope,
  name: `keel_${string}`,
  args: unknown,
): Promise<T> {
  const base = { ...scope, clock: ctx.clock, cwd: ctx.cwd, personalContract: ctx.paths.personalContract };
  const answer = await runTool(name, ownerToolContext(ownerProject(base)), args);
  if (answer.isError) throw new UserError(answer.text);
  return answer.data as T;
}
