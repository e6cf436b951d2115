// The one project context every surface builds once (the CLI per command, the extension per session, each MCP
// session, each UI request): the open store, the project's identity, the clock, the folder, the session id, who
// is acting (origin) and how to ask a person. Services take it, or a Pick of it; the scopes areas need (the
// store's { db, clock }, guard's scope, memory's actor) are cut from it here and in each area, never by hand.
import type { Clock } from "../core/clock.ts";
import type { ApprovalRequest } from "../memory/actions.ts";
import type { KeelDb, SqlReader, Store } from "../store/db.ts";
import type { Origin } from "../store/schema/origin.ts";
import type { ProjectIdentity } from "./identity.ts";

export interface ProjectContext {
  store: Store;
  project: ProjectIdentity;
  clock: Clock;
  /** The folder the surface works in (commands run and git is asked there). */
  cwd: string;
  /** The pi session, `mcp-<id>` for an MCP session, "" where there is none (CLI, UI). */
  sessionId: string;
  /** Who is acting: the owner at a terminal, slash command or page, or the agent through a tool. */
  origin: Origin;
  /** The user's personal contract file (guard's personal layer). */
  personalContract: string;
  /** Folders of pi session files (recall's default session is this project's newest in them). */
  sessionDirs: readonly string[];
  /** Resolves true only on a real, affirmative answer from a person; surfaces without one answer false. */
  approve(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean>;
}

/** What store services take: the database (Drizzle, and raw reads) and the clock. */
export interface StoreDeps {
  db: KeelDb;
  read: SqlReader;
  clock: Clock;
  /** Drizzle, loaded first when the store was opened for raw reads only. */
  orm: () => Promise<KeelDb>;
}

/** `db` is read when a service first uses it: a store opened without Drizzle serves raw reads only. */
export function storeDeps(ctx: Pick<ProjectContext, "store" | "clock">): StoreDeps {
  const { store, clock } = ctx;
  return {
    get db() {
      return store.db;
    },
    read: store.read,
    clock,
    orm: () => store.orm(),
  };
}

/** No person to ask: every approval is a no. */
export const noApproval = async (): Promise<boolean> => false;

/** What the owner's CLI and UI act as: the owner, at no pi session, with nobody to ask in the loop. */
export function ownerProject(
  base: Omit<ProjectContext, "origin" | "approve" | "sessionId" | "sessionDirs">,
): ProjectContext {
  return { ...base, origin: "owner", sessionId: "", sessionDirs: [], approve: noApproval };
}
