// Per-session resources of the pi adapter: the store and the project, opened in session_start and closed in
// session_shutdown. Failures leave keel inert for the session with a note, never an exception into pi.

import { readEnvFlags } from "../src/config/flags.ts";
import { resolvePaths } from "../src/config/paths.ts";
import { systemClock } from "../src/core/clock.ts";
import { describeError } from "../src/core/errors.ts";
import type { Result } from "../src/core/result.ts";
import { type ProjectIdentity, resolveProjectIdentity } from "../src/project/identity.ts";
import { openProjectStore, type Store } from "../src/project/open.ts";

export interface SessionRuntime {
  store: Store | undefined;
  storeError: string | undefined;
  identity: Result<ProjectIdentity>;
}

export async function openRuntime(cwd: string): Promise<SessionRuntime> {
  const flags = readEnvFlags();
  const identity = resolveProjectIdentity({ cwd, configuredRoot: flags.projectRoot });
  try {
    const store = await openProjectStore(identity, {
      storeUrl: resolvePaths(flags).storeUrl,
      clock: systemClock,
    });
    return { store, storeError: undefined, identity };
  } catch (error) {
    return { store: undefined, storeError: describeError(error), identity };
  }
}

export async function closeRuntime(runtime: SessionRuntime | undefined): Promise<void> {
  await runtime?.store?.close();
}
