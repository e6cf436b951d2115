// One MCP host's view of keel: the project and its open store (shared by every session of one server), plus a
// session id of its own, so parallel hosts keep separate loop streaks, baselines and provenance.

import { readEnvFlags } from "../config/flags.ts";
import { nodeCrypto } from "../core/builtins.ts";
import type { Clock } from "../core/clock.ts";
import { blockAfterOf, startGuardSession } from "../guard/session/guard-session.ts";
import type { GuardLive } from "../guard/tools.ts";
import type { MemoryDeps } from "../memory/policy.ts";
import type { ProjectIdentity } from "../project/identity.ts";
import type { Store } from "../project/open.ts";

/** What every session of one MCP server shares: the project it serves and the store, opened once. */
export interface McpHost {
  store: Store;
  project: ProjectIdentity;
  cwd: string;
  clock: Clock;
  personalContract: string;
  /** Folders of pi session files: the recall tools' default is this project's newest session in them. */
  sessionDirs: readonly string[];
}

export interface McpSession {
  host: McpHost;
  /** `mcp-<host's id or a fresh one>`: stored with evidence, journal entries and memory provenance. */
  sessionId: string;
  memory: MemoryDeps;
  /** The guard session, started on first use. */
  guard(): Promise<GuardLive>;
}

const SESSION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** A host-given id must be short and plain; anything else is refused by the caller. */
export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

export function openMcpSession(host: McpHost, hostSessionId?: string): McpSession {
  const sessionId = `mcp-${hostSessionId ?? nodeCrypto().randomUUID()}`;
  let guard: Promise<GuardLive> | undefined;
  return {
    host,
    sessionId,
    memory: { db: host.store.db, clock: host.clock },
    guard() {
      guard ??= (async () => {
        const scope = {
          db: host.store.db,
          clock: host.clock,
          projectId: host.project.id,
          projectRoot: host.project.root,
          sessionId,
          cwd: host.cwd,
          personalContract: host.personalContract,
          blockAfter: blockAfterOf(readEnvFlags()),
        };
        return { scope, state: await startGuardSession(scope) };
      })();
      return guard;
    },
  };
}
