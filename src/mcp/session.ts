// One MCP host's view of keel: the project and its open store (shared by every session of one server), the tools
// it serves, and per session a project context with a session id of its own, so parallel hosts keep separate
// loop streaks, baselines and provenance. Each session is a ToolContext the registry's tools run in.
import { nodeCrypto } from "../core/builtins.ts";
import type { Clock } from "../core/clock.ts";
import { fail, ok } from "../core/result.ts";
import { startGuardSession } from "../guard/session/guard-session.ts";
import { guardScope } from "../guard/session/scope-of.ts";
import type { GuardLive } from "../guard/tools.ts";
import { noApproval, type ProjectContext } from "../project/context.ts";
import type { ProjectIdentity } from "../project/identity.ts";
import type { Store } from "../project/open.ts";
import { loadSessionBranch } from "../session/load-branch.ts";
import { latestProjectSession } from "../session/session-files.ts";
import type { ToolContext } from "../tools/context.ts";
import type { ToolSelection } from "../tools/registry.ts";
import { refuseOutsideRoots } from "./session-roots.ts";

/** What every session of one MCP server shares: the project it serves and the store, opened once. */
export interface McpHost {
  store: Store;
  project: ProjectIdentity;
  cwd: string;
  clock: Clock;
  personalContract: string;
  /** Folders of pi session files: the recall tools' default is this project's newest session in them. */
  sessionDirs: readonly string[];
  /** More folders the host allows session files from (`keel mcp --session-root`); none by default. */
  sessionRoots?: readonly string[];
  /** Which tools it serves (`--tools`, `--read-only`); all of MCP's when absent. */
  tools?: Omit<ToolSelection, "host">;
}

export interface McpSession extends ToolContext {
  host: McpHost;
  /** `mcp-<host's id or a fresh one>`: stored with evidence, journal entries and memory provenance. */
  sessionId: string;
}

const SESSION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** A host-given id must be short and plain; anything else is refused by the caller. */
export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

export function openMcpSession(host: McpHost, hostSessionId?: string): McpSession {
  const sessionId = `mcp-${hostSessionId ?? nodeCrypto().randomUUID()}`;
  const project: ProjectContext = {
    ...host,
    sessionId,
    origin: "agent",
    approve: noApproval,
  };
  let guard: Promise<GuardLive> | undefined;
  return {
    host,
    sessionId,
    project: ok(project),
    guard() {
      guard ??= (async () => {
        const scope = guardScope(project);
        return { scope, state: await startGuardSession(scope) };
      })();
      return guard;
    },
    async branch(file) {
      const path = file ?? (await latestProjectSession(host.sessionDirs, host.project.root));
      if (path === undefined)
        return fail(`no pi session of ${host.project.root} in ${host.sessionDirs.join(", ")}`);
      const refused =
        file === undefined
          ? undefined
          : refuseOutsideRoots(file, [...host.sessionDirs, ...(host.sessionRoots ?? [])]);
      if (refused) return fail(refused);
      const loaded = await loadSessionBranch(path);
      return loaded.ok ? ok(loaded.value.branch) : loaded;
    },
    contextPercent: () => null,
  };
}
