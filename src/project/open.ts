// Opening "this project's store", the one way for every surface (CLI, status, the pi extension, the UI's
// actions): resolve the project's identity, open the store, register the project (not on a read-only store),
// and close the store after. Store faults (busy, read-only, full disk) leave here as one sentence.
import type { Clock } from "../core/clock.ts";
import { UserError } from "../core/errors.ts";
import type { Result } from "../core/result.ts";
import type { Store } from "../store/db.ts";
import { noteDamage } from "../store/integrity.ts";
import { openStore } from "../store/open.ts";
import { storeFaultError } from "../store/store-errors.ts";

/** A store failure in one sentence for a surface to print (undefined when the error is not the store's). */
export { storeFaultError as describeStoreFault };

import { type ProjectIdentity, resolveProjectIdentity } from "./identity.ts";

export type { ProjectRow } from "../store/schema/index.ts";
export type { Store };

/** Opens keel's store at `storeUrl` without a project (the UI, which shows every project). */
export function openKeelStore(storeUrl: string): Promise<Store> {
  return openStore(storeUrl);
}

/** Where the project and its store are: the folder, an optional configured root, the store URL. */
export interface ProjectLocation {
  cwd: string;
  configuredRoot?: string;
  storeUrl: string;
  clock: Clock;
  /** A store already open for many operations (`keel batch`): used as is and left open. */
  shared?: SharedStore;
}

/** A store kept open across many operations, with the identities it resolved and the projects it registered. */
export interface SharedStore {
  store: Store;
  identities: Map<string, Result<ProjectIdentity>>;
  registered: Set<string>;
}

export function shareStore(store: Store): SharedStore {
  return { store, identities: new Map(), registered: new Set() };
}

/** Opens keel's store to share across many operations (`keel batch`); the caller closes `shared.store`. */
export async function openSharedStore(storeUrl: string): Promise<SharedStore> {
  try {
    return shareStore(await openStore(storeUrl));
  } catch (error) {
    throw new UserError(`cannot open keel's store: ${(error as Error).message}`);
  }
}

/** The project's identity; resolved once per folder and root while a shared store is open. */
function identityOf(location: ProjectLocation): Result<ProjectIdentity> {
  const { shared } = location;
  if (!shared) return resolveProjectIdentity(location);
  const key = `${location.cwd}\0${location.configuredRoot ?? ""}`;
  let identity = shared.identities.get(key);
  if (!identity) {
    identity = resolveProjectIdentity(location);
    shared.identities.set(key, identity);
  }
  return identity;
}

export interface ProjectScope {
  store: Store;
  project: ProjectIdentity;
}

/** How a project's store is opened: whether the project is recorded as seen, and whether Drizzle is loaded. */
export interface ProjectOpenOptions {
  register: boolean;
  /** False for a body that reads only through `store.read` (see openStore). */
  orm?: boolean;
}

/**
 * Opens the store and, when the identity resolved and `register` is on, records the project as seen.
 * A failure to register closes the store before it is thrown.
 */
export async function openProjectStore(
  identity: Result<ProjectIdentity>,
  location: Pick<ProjectLocation, "storeUrl" | "clock" | "shared">,
  options: ProjectOpenOptions = { register: true },
): Promise<Store> {
  const { shared } = location;
  const store = shared?.store ?? (await openStore(location.storeUrl, { orm: options.orm }));
  if (!identity.ok || !options.register || shared?.registered.has(identity.value.id)) return store;
  try {
    const { registerProject } = await import("../store/projects.ts");
    await registerProject(store, identity.value, location.clock.now());
    shared?.registered.add(identity.value.id);
    return store;
  } catch (error) {
    await closeUnlessShared(store, location);
    throw storeFaultError(error, store.location, store.refusal) ?? error;
  }
}

function closeUnlessShared(store: Store, location: Pick<ProjectLocation, "shared">): Promise<void> {
  return store === location.shared?.store ? Promise.resolve() : store.close();
}

/**
 * Runs `body` with this project's store open; a folder with no project is a usage error (exit 2). With `reading`,
 * the body only reads through `store.read`: the project is not recorded as seen and Drizzle is not loaded.
 */
export async function withProjectStore<T>(
  location: ProjectLocation,
  body: (scope: ProjectScope) => Promise<T>,
  options: { reading?: boolean } = {},
): Promise<T> {
  const identity = identityOf(location);
  if (!identity.ok) throw new UserError(identity.reason);
  const open = options.reading ? { register: false, orm: false } : { register: true };
  const store = await openProjectStore(identity, location, open);
  try {
    return await body({ store, project: identity.value });
  } catch (error) {
    noteDamage(store, error);
    throw storeFaultError(error, store.location, store.refusal) ?? error;
  } finally {
    await closeUnlessShared(store, location);
  }
}

/**
 * Runs `body` with the store open and the identity as found; nothing is written (for read-only views). The body
 * reads through `store.read`: Drizzle is not loaded.
 */
export async function withStoreReadOnly<T>(
  location: ProjectLocation,
  body: (store: Store, identity: Result<ProjectIdentity>) => Promise<T>,
): Promise<T> {
  const identity = identityOf(location);
  const store = await openProjectStore(identity, location, { register: false, orm: false });
  try {
    return await body(store, identity);
  } finally {
    await closeUnlessShared(store, location);
  }
}
