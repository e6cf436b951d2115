// MCP over Streamable HTTP on the `keel ui` server, driven by the SDK's own Client with the README's HTTP
// snippet: the same scenario as stdio with the token; refused without it and from a foreign Origin.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningUi, startKeelUi } from "../support/keel-ui.ts";
import {
  exerciseKeel,
  type McpProject,
  mcpProject,
  readmeSnippet,
  sessionInAgentDir,
  textOf,
} from "../support/mcp.ts";

let world: McpProject;
let ui: RunningUi;
beforeAll(async () => {
  world = mcpProject();
  ui = await startKeelUi({ cwd: world.project, env: world.env });
});
afterAll(async () => {
  await ui?.stop();
  world.cleanup();
});

/** The README's HTTP entry with the port and token `keel ui` printed. */
function entry(token = ui.token): { url: string; headers: Record<string, string> } {
  const snippet = JSON.stringify(readmeSnippet("http").mcpServers.keel)
    .replaceAll("<port>", String(ui.port))
    .replaceAll("<token>", token);
  const parsed = JSON.parse(snippet) as { type: string; url: string; headers: Record<string, string> };
  expect(parsed.type).toBe("http");
  return parsed;
}

async function connect(headers: Record<string, string>): Promise<Client> {
  const { url } = entry();
  const client = new Client({ name: "keel-http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

function post(headers: Record<string, string>): Promise<Response> {
  return fetch(entry().url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(initialize),
  });
}

describe("keel mcp over HTTP on keel ui", () => {
  it("runs the scenario with the token from the README snippet", async () => {
    const client = await connect(entry().headers);
    try {
      await exerciseKeel(client, "httpword", sessionInAgentDir(world));
      const bad = await client.callTool({ name: "keel_memory_read", arguments: { id: 7 } });
      expect(bad.isError, textOf(bad)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("refuses a client without the token, with a wrong one, and from a foreign Origin", async () => {
    await expect(connect({})).rejects.toThrow();
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: "Bearer wrong" })).status).toBe(401);
    const foreign = await post({ ...entry().headers, Origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    const own = await post({ ...entry().headers, Origin: `http://127.0.0.1:${ui.port}` });
    expect(own.status).toBe(200);
    expect(own.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a request for an unknown session with 404", async () => {
    const response = await fetch(entry().url, {
      method: "POST",
      headers: {
        ...entry().headers,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Mcp-Session-Id": "00000000-0000-4000-8000-000000000000",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(response.status).toBe(404);
  });
});
