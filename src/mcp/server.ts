// keel's MCP server over any transport: lists the tools (guard, memory, recall) with their TypeBox schemas and
// annotations, checks each call's arguments against the schema, runs the tool's engine service, and bounds the
// answer. Bad input, unknown tools and failures come back as tool errors; nothing a client sends crashes it.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describeError } from "../core/errors.ts";
import { checkShape } from "../core/schema-check.ts";
import { KEEL_VERSION } from "../core/version.ts";
import type { McpSession } from "./session.ts";
import { GUARD_TOOLS } from "./tools/guard.ts";
import { MEMORY_TOOLS } from "./tools/memory.ts";
import { RECALL_TOOLS } from "./tools/recall.ts";
import type { McpTool, ToolAnswer } from "./tools/tool.ts";

export const MCP_TOOLS: readonly McpTool[] = [...GUARD_TOOLS, ...MEMORY_TOOLS, ...RECALL_TOOLS];

/** The most text one answer carries; longer answers are cut with a note saying how to page. */
export const ANSWER_CHARS = 64_000;

type CallResult = { content: { type: "text"; text: string }[]; isError: boolean };

export function createMcpServer(session: McpSession, tools: readonly McpTool[] = MCP_TOOLS): Server {
  const server = new Server({ name: "keel", version: KEEL_VERSION }, { capabilities: { tools: {} } });
  const byName = new Map<string, McpTool>(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: JSON.parse(JSON.stringify(tool.schema)),
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(session, byName.get(request.params.name), request.params.name, request.params.arguments ?? {}),
  );
  return server;
}

/** Runs one call; every outcome is a tool result, never a thrown protocol error. */
export async function callTool(
  session: McpSession,
  tool: McpTool | undefined,
  name: string,
  args: unknown,
): Promise<CallResult> {
  if (!tool) return toolError(`unknown tool "${clip(name, 80)}"; list the tools to see keel's`);
  const shape = checkShape(tool.schema, args);
  if (!shape.ok) return toolError(`${tool.name}: ${shape.reason.message}`);
  let answer: ToolAnswer;
  try {
    answer = await tool.run(session, shape.value);
  } catch (error) {
    return toolError(`${tool.name} failed: ${describeError(error)}`);
  }
  return { content: [{ type: "text", text: bound(answer.text) }], isError: answer.isError };
}

function toolError(message: string): CallResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

function bound(text: string): string {
  if (text.length <= ANSWER_CHARS) return text;
  return `${text.slice(0, ANSWER_CHARS)}\n[keel: answer cut at ${ANSWER_CHARS} of ${text.length} characters; ask for less (limit, cursor)]`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
