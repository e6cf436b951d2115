// Opening "this project's store", the one way for every surface (CLI, status, the pi extension, the UI's
// actions): resolve the project's identity, open the store, register the project, and close the store after.
import type { Clock } from "../core/clock.ts";
import { UserError } from "../core/errors.ts";
import type { Result } from "../core/result.ts";
import type { Store } from "../store/db.ts";
import { openStore } from "../store/open.ts";
import { upsertProject } from "../store/projects.ts";
import { type ProjectIdentity, resolveProjectIdentity } from "./identity.ts";

export type { Store };

/** Where the project and its store are: the folder, an optional configured root, the store URL. */
export interface ProjectLocation {
  cwd: string;
  configuredRoot?: string;
  storeUrl: string;
  clock: Clock;
  /** A store already open for many operations (`keel batch`): used as is and left open. */
  sharedStore?: Store;
}

export interface ProjectScope {
  store: Store;
  project: ProjectIdentity;
}

/**
 * Opens the store and, when the identity resolved and `register` is on, records the project as seen.
 * A failure to register closes the store before it is thrown.
 */
export async function openProjectStore(
  identity: Result<ProjectIdentity>,
  location: Pick<ProjectLocation, "storeUrl" | "clock" | "sharedStore">,
  options: { register: boolean } = { register: true },
): Promise<Store> {
  const store = location.sharedStore ?? (await openStore(location.storeUrl));
  if (!identity.ok || !options.register) return store;
  try {
    await upsertProject(store.db, identity.value, location.clock.now());
    return store;
  } catch (error) {
    await closeUnlessShared(store, location);
    throw error;
  }
}

function closeUnlessShared(store: Store, location: Pick<ProjectLocation, "sharedStore">): Promise<void> {
  return store === location.sharedStore ? Promise.resolve() : store.close();
}

/** Runs `body` with this project's store open; a folder with no project is a usage error (exit 2). */
export async function withProjectStore<T>(
  location: ProjectLocation,
  body: (scope: ProjectScope) => Promise<T>,
): Promise<T> {
  const identity = resolveProjectIdentity(location);
  if (!identity.ok) throw new UserError(identity.reason);
  const store = await openProjectStore(identity, location);
  try {
    return await body({ store, project: identity.value });
  } finally {
    await closeUnlessShared(store, location);
  }
}

/** Runs `body` with the store open and the identity as found; nothing is written (for read-only views). */
export async function withStoreReadOnly<T>(
  location: ProjectLocation,
  body: (store: Store, identity: Result<ProjectIdentity>) => Promise<T>,
): Promise<T> {
  const identity = resolveProjectIdentity(location);
  const store = await openProjectStore(identity, location, { register: false });
  try {
    return await body(store, identity);
  } finally {
    await closeUnlessShared(store, location);
  }
}
