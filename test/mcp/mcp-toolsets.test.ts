// `keel mcp --tools <areas>` and `--read-only`, driven by the MCP SDK's client from source: the host sees only the
// areas it asked for, read-only leaves out verify and every write, a left-out tool answers as an error that says
// why, and a bad area list is a usage error before anything is served.
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN_DIR, REPO_ROOT, runKeel } from "../support/cli.ts";
import { type McpProject, mcpProject, textOf } from "../support/mcp.ts";

let world: McpProject;
beforeAll(() => {
  world = mcpProject();
});
afterAll(() => world.cleanup());

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: join(BIN_DIR, "bun"),
    args: [join(REPO_ROOT, "src/main.ts"), "mcp", ...args],
    cwd: world.project,
    env: world.env as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "keel-toolsets-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();

describe("keel mcp toolsets", () => {
  it("--tools memory --read-only lists only memory's read tools and refuses a write with the reason", async () => {
    const client = await connect(["--tools", "memory", "--read-only"]);
    try {
      expect(await names(client)).toEqual(["keel_memory_read", "keel_memory_search", "keel_memory_status"]);
      const status = await client.callTool({ name: "keel_memory_status", arguments: {} });
      expect(status.isError, textOf(status)).toBe(false);
      for (const name of ["keel_memory_record", "keel_verify", "keel_guard_verify"]) {
        const refused = await client.callTool({ name, arguments: {} });
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toMatch(/is not served here \(keel mcp --tools or --read-only left it out\)/);
      }
    } finally {
      await client.close();
    }
  });

  it("--tools guard,recall serves those areas, writes included; --read-only alone drops verify and writes", async () => {
    const guarded = await connect(["--tools", "guard,recall"]);
    try {
      const listed = await names(guarded);
      expect(listed).toContain("keel_verify");
      expect(listed).toContain("keel_grep");
      expect(listed.some((name) => name.startsWith("keel_memory"))).toBe(false);
    } finally {
      await guarded.close();
    }
    const reader = await connect(["--read-only"]);
    try {
      const { tools } = await reader.listTools();
      expect(tools.length).toBeGreaterThan(5);
      for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      const listed = tools.map((tool) => tool.name);
      for (const name of ["keel_verify", "keel_note", "keel_memory_record", "keel_memory_supersede"])
        expect(listed).not.toContain(name);
    } finally {
      await reader.close();
    }
  });

  it("refuses an unknown area as a usage error", () => {
    const run = runKeel(["mcp", "--tools", "guard,nope"], { cwd: world.project, env: world.env });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--tools takes a comma-separated list of guard, memory, recall");
  });
});
