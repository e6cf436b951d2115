// What a tool call receives from its host: the project context (or why there is none in this session), the guard
// session, the session branch recall searches, and the few things only some hosts have (pi's model, its context
// gauge). The pi adapter builds one per call from pi's context; the MCP server one per MCP session.
import type { Problem, Result } from "../core/result.ts";
import type { GuardLive } from "../guard/tools.ts";
import type { ProjectContext } from "../project/context.ts";
import type { AskModel } from "../recall/lookup/subagent.ts";
import type { SessionEntry } from "../session/entries.ts";

export interface ToolContext {
  /** This project's context, or why keel has none here (STORE_UNAVAILABLE, PROJECT_UNAVAILABLE). */
  project: Result<ProjectContext, Problem>;
  /** The guard session (started on first use over MCP, at session start in pi), or none without a project. */
  guard(): Promise<GuardLive | undefined>;
  /** The branch recall searches: the given pi session file, or the host's own (pi) or newest (MCP) session. */
  branch(file: string | undefined): Promise<Result<SessionEntry[]>>;
  /** How full the model's context is, in percent, where the host knows it. */
  contextPercent(): number | null;
  signal?: AbortSignal;
  /** pi: the session's model for keel_lookup's sub-agent, when one is active. */
  lookupModel?: () => AskModel | undefined;
  /** pi: whether keel's memory guidance reached the system prompt (keel_memory status reports it). */
  memoryGuidance?: () => "active" | "replaced";
}
