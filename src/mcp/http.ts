// MCP over Streamable HTTP for the `keel ui` server: one transport, server and keel session per MCP session
// (the Mcp-Session-Id header keeps parallel hosts apart), all over the UI server's one open store. The token
// and Host/Origin checks run before a request gets here (src/server/auth.ts).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { nodeCrypto } from "../core/builtins.ts";
import { createMcpServer } from "./server.ts";
import { type McpHost, openMcpSession } from "./session.ts";

/** Open MCP sessions one server keeps; the oldest is closed when a new one would exceed it. */
export const MCP_HTTP_SESSIONS = 32;

export interface McpHttp {
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

type Live = { transport: WebStandardStreamableHTTPServerTransport; close(): Promise<void> };

export function createMcpHttp(host: McpHost): McpHttp {
  const sessions = new Map<string, Live>();

  async function open(): Promise<WebStandardStreamableHTTPServerTransport> {
    const sessionId = nodeCrypto().randomUUID();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, close: () => server.close() });
        if (sessions.size > MCP_HTTP_SESSIONS) {
          const [oldest, live] = sessions.entries().next().value as [string, Live];
          sessions.delete(oldest);
          void live.close();
        }
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    const server = createMcpServer(openMcpSession(host, `http-${sessionId}`));
    await server.connect(transport);
    return transport;
  }

  return {
    async handle(request) {
      const id = request.headers.get("mcp-session-id");
      if (id !== null) {
        const live = sessions.get(id);
        if (!live) return rpcError(404, "unknown or expired MCP session: initialize again");
        return live.transport.handleRequest(request);
      }
      if (request.method !== "POST") return rpcError(400, "start an MCP session with an initialize POST");
      return (await open()).handleRequest(request);
    },
    async close() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((live) => live.close()));
    },
  };
}

function rpcError(status: number, message: string): Response {
  const body = { jsonrpc: "2.0", error: { code: -32000, message }, id: null };
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
