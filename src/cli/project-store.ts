// Opens the store for the project of the current folder, registers the project, and closes the store after.
// Commands that need a project fail with exit 2 and a hint when the folder has none.
import { UserError } from "../core/errors.ts";
import { type EffectiveContract, loadContract } from "../guard/contract/effective.ts";
import { resolveProjectIdentity } from "../memory/project-identity.ts";
import type { Store } from "../store/db.ts";
import { openStore } from "../store/open.ts";
import { type ProjectIdentity, upsertProject } from "../store/projects.ts";
import type { CommandContext } from "./context.ts";

export interface ProjectScope {
  store: Store;
  project: ProjectIdentity;
}

export async function withProjectStore<T>(
  ctx: CommandContext,
  body: (scope: ProjectScope) => Promise<T>,
): Promise<T> {
  const identity = resolveProjectIdentity({ cwd: ctx.cwd, configuredRoot: ctx.flags.projectRoot });
  if (!identity.ok) throw new UserError(identity.reason);
  const store = await openStore(ctx.paths.storeUrl);
  try {
    await upsertProject(store.db, identity.value, ctx.clock.now());
    return await body({ store, project: identity.value });
  } finally {
    await store.close();
  }
}

/** The project's effective contract, with the user's personal layer from keel's paths. */
export function projectContract(
  ctx: CommandContext,
  { store, project }: ProjectScope,
): Promise<EffectiveContract> {
  return loadContract({
    db: store.db,
    projectId: project.id,
    projectRoot: project.root,
    personalFile: ctx.paths.personalContract,
  });
}
