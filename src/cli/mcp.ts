// `keel mcp`: serves this project's guard, memory and recall tools to another agent host over MCP on stdio.
// stdout belongs to the protocol; diagnostics go to stderr.
import type { Command } from "commander";
import { UserError } from "../core/errors.ts";
import { isSessionId, openMcpSession } from "../mcp/session.ts";
import { serveStdio } from "../mcp/stdio.ts";
import { TOOL_AREAS } from "../tools/define.ts";
import { parseToolAreas } from "../tools/registry.ts";
import { collect } from "./parse.ts";
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
      collect,
      [] as string[],
    )
    .action(async (options: McpOptions, command: Command) => {
      const ctx = contextFor(command);
      if (options.sessionId !== undefined && !isSessionId(options.sessionId))
        throw new UserError("--session-id takes 1-100 letters, digits or . _ : -");
      const areas = options.tools === undefined ? undefined : parseToolAreas(options.tools);
      if (areas && !areas.ok) throw new UserError(areas.reason);
      const tools = { areas: areas?.value, readOnly: options.readOnly === true };
      await withProjectStore(ctx, (owner) =>
        serveStdio(openMcpSession({ ...owner, tools, sessionRoots: options.sessionRoot }, options.sessionId)),
      );
    });
};
