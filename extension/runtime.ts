// Per-session resources of the pi adapter: the store and the project, opened in session_start and closed in
// session_shutdown, and the session's one project context built from them. Failures leave keel inert for the
// session with a note, never an exception into pi.

import { readEnvFlags } from "../src/config/flags.ts";
import { resolvePaths } from "../src/config/paths.ts";
import { systemClock } from "../src/core/clock.ts";
import { describeError } from "../src/core/errors.ts";
import { fail, ok, type Problem, type Result } from "../src/core/result.ts";
import { noApproval, type ProjectContext } from "../src/project/context.ts";
import { type ProjectIdentity, resolveProjectIdentity } from "../src/project/identity.ts";
import { openProjectStore, type Store } from "../src/project/open.ts";
import { sessionDirsFor } from "../src/session/session-files.ts";

export interface SessionRuntime {
  store: Store | undefined;
  storeError: string | undefined;
  identity: Result<ProjectIdentity>;
  /** The session's project context (the agent acting, no person to ask yet), or why there is none. */
  project: Result<ProjectContext, Problem>;
}

export async function openRuntime(cwd: string, sessionId: string): Promise<SessionRuntime> {
  const flags = readEnvFlags();
  const paths = resolvePaths(flags);
  const identity = resolveProjectIdentity({ cwd, configuredRoot: flags.projectRoot });
  let store: Store;
  try {
    store = await openProjectStore(identity, { storeUrl: paths.storeUrl, clock: systemClock });
  } catch (error) {
    const storeError = describeError(error);
    const reason = { code: "STORE_UNAVAILABLE", message: "keel's store is not open" };
    return { store: undefined, storeError, identity, project: fail(reason) };
  }
  const project: SessionRuntime["project"] = identity.ok
    ? ok({
        store,
        project: identity.value,
        clock: systemClock,
        cwd,
        sessionId,
        origin: "agent",
        personalContract: paths.personalContract,
        sessionDirs: sessionDirsFor(paths.agentDir),
        approve: noApproval,
      })
    : fail({ code: "PROJECT_UNAVAILABLE", message: identity.reason });
  return { store, storeError: undefined, identity, project };
}

export async function closeRuntime(runtime: SessionRuntime | undefined): Promise<void> {
  await runtime?.store?.close();
}
