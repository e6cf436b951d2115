// `keel mcp`: serves this project's guard, memory and recall tools to another agent host over MCP on stdio.
// stdout belongs to the protocol; diagnostics go to stderr.
import type { Command } from "commander";
import { UserError } from "../core/errors.ts";
import { isSessionId, type McpHost, openMcpSession } from "../mcp/session.ts";
import { serveStdio } from "../mcp/stdio.ts";
import { sessionDirsFor } from "../session/session-files.ts";
import { TOOL_AREAS } from "../tools/define.ts";
import { parseToolAreas } from "../tools/registry.ts";
import type { CommandContext } from "./context.ts";
import { withProjectStore } from "./project-store.ts";
import { addVerb, type Register } from "./register.ts";

interface McpOptions {
  sessionId?: string;
  tools?: string;
  readOnly?: boolean;
  sessionRoot: string[];
}

export const registerMcp: Register = (program, contextFor) => {
  addVerb(program, "mcp")
    .option("--session-id <id>", "the host's session id, so parallel hosts keep separate views")
    .option("--tools <areas>", `serve only these areas' tools (comma-separated: ${TOOL_AREAS.join(", ")})`)
    .option("--read-only", "serve only tools that change nothing (no verify, no writes)")
    .option(
      "--session-root <dir>",
      "also allow recall on session files under this folder (default: only pi's session folder); repeatable",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .action(async (options: McpOptions, command: Command) => {
      const ctx = contextFor(command);
      if (options.sessionId !== undefined && !isSessionId(options.sessionId))
        throw new UserError("--session-id takes 1-100 letters, digits or . _ : -");
      const areas = options.tools === undefined ? undefined : parseToolAreas(options.tools);
      if (areas && !areas.ok) throw new UserError(areas.reason);
      const tools = { areas: areas?.value, readOnly: options.readOnly === true };
      await withProjectStore(ctx, async ({ store, project }) => {
        const host = { ...mcpHost(ctx, store, project), tools, sessionRoots: options.sessionRoot };
        await serveStdio(openMcpSession(host, options.sessionId));
      });
    });
};

export function mcpHost(ctx: CommandContext, store: McpHost["store"], project: McpHost["project"]): McpHost {
  return {
    store,
    project,
    cwd: ctx.cwd,
    clock: ctx.clock,
    personalContract: ctx.paths.personalContract,
    sessionDirs: sessionDirsFor(ctx.paths.agentDir),
  };
}
