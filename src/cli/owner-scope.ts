// What CLI verbs that act as the owner inside a project need beyond the open store: the contract service's scope
// (with the user's personal layer) and the registry's tools run as the owner. Kept apart from project-store.ts so
// commands that only read the store (`memory search`, `status`) load neither the guard nor the tool registry.
import { UserError } from "../core/errors.ts";
import { type ContractScope, loadEffectiveContract } from "../guard/contract/edit.ts";
import type { EffectiveContract } from "../guard/contract/effective.ts";
import { storeDeps } from "../project/context.ts";
import type { ProjectScope } from "../project/open.ts";
import { ownerProject, ownerToolContext, runTool } from "../tools/owner-context.ts";
import type { CommandContext } from "./context.ts";

/** What the contract service needs for this project, with the user's personal layer from keel's paths. */
export function contractScope(ctx: CommandContext, { store, project }: ProjectScope): ContractScope {
  return {
    ...storeDeps({ store, clock: ctx.clock }),
    projectId: project.id,
    projectRoot: project.root,
    personalContract: ctx.paths.personalContract,
  };
}

/** The project's effective contract, with the user's personal layer from keel's paths. */
export function projectContract(ctx: CommandContext, scope: ProjectScope): Promise<EffectiveContract> {
  return loadEffectiveContract(contractScope(ctx, scope));
}

/** Runs a registry tool as the owner in this project; its error answer is this command's error (exit 2). */
export async function runOwnerTool<T>(
  ctx: CommandContext,
  scope: ProjectScope,
  name: `keel_${string}`,
  args: unknown,
): Promise<T> {
  const base = { ...scope, clock: ctx.clock, cwd: ctx.cwd, personalContract: ctx.paths.personalContract };
  const answer = await runTool(name, ownerToolContext(ownerProject(base)), args);
  if (answer.isError) throw new UserError(answer.text);
  return answer.data as T;
}
