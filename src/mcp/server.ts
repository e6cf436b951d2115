// keel's MCP server over any transport: lists the registry's MCP tools (those the host selected with --tools and
// --read-only) with their TypeBox schemas and annotations, and answers each call through the registry's callTool
// (schema check, the tool's engine service, the bound). Earlier names still answer; unknown tools, bad input and
// failures come back as tool errors, so nothing a client sends crashes it.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { shortForTerminal } from "../core/terminal-text.ts";
import { KEEL_VERSION } from "../core/version.ts";
import { callTool, type ToolDef } from "../tools/define.ts";
import { findTool, selectTools } from "../tools/registry.ts";
import type { McpSession } from "./session.ts";

/** The tools one host is served: MCP's tools, cut down by its --tools and --read-only. */
export function mcpTools(session: Pick<McpSession, "host">): ToolDef[] {
  return selectTools({ ...session.host.tools, host: "mcp" });
}

export function createMcpServer(session: McpSession, tools: readonly ToolDef[] = mcpTools(session)): Server {
  const server = new Server({ name: "keel", version: KEEL_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: JSON.parse(JSON.stringify(tool.schema)),
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const tool = findTool(tools, name);
    const answer = tool
      ? await callTool(tool, session, args ?? {})
      : { text: notServed(name), isError: true };
    return { content: [{ type: "text" as const, text: answer.text }], isError: answer.isError };
  });
  return server;
}

function notServed(name: string): string {
  const known = findTool(selectTools({ host: "mcp" }), name);
  if (known) return `${known.name} is not served here (keel mcp --tools or --read-only left it out)`;
  return `unknown tool "${shortForTerminal(name, 80)}"; list the tools to see keel's`;
}
