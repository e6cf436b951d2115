// One tool registry, two hosts: the tools a real pi declares to its (faux) model and the tools `keel mcp` lists to
// the MCP SDK's client are the registry's, with identical names, descriptions and schemas where both offer a
// tool, and a destructive keel_verify is refused as an error in both, with the same words.
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSALS } from "../../src/session/refusals.ts";
import { selectTools } from "../../src/tools/registry.ts";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";
import { textOf } from "../support/mcp.ts";
import type { SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const DESTRUCTIVE = "git push --force origin main";
/** pi-only tools over pi's in-session state (protect's items, hygiene's trims), not the registry's services. */
const PI_SESSION_TOOLS = ["keel_context", "keel_protected"];

type Line = SessionFileLine & {
  type: string;
  message?: { role?: string; toolName?: string; content?: unknown; isError?: boolean };
};
type Declared = { name: string; description: string; schema: unknown };

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("the tool registry behind pi and MCP", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "registry-demo" });
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^verify the release",
          toolCalls: [{ name: "keel_verify", arguments: { command: DESTRUCTIVE } }],
        },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  async function piSide(): Promise<{ tools: Declared[]; verify: { text: string; isError: boolean } }> {
    const pi = await project.startPi({ env: { ...project.env, KEEL_FAUX_LOG_TOOLS: "1" } });
    try {
      await pi.prompt("verify the release before we ship");
      const results = ((await pi.readSessionEntries()) as Line[]).filter(
        (l) =>
          l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === "keel_verify",
      );
      expect(results).toHaveLength(1);
      const message = results[0]?.message;
      const declared = project.fauxRequests().find((request) => request.tools)?.tools ?? [];
      return {
        tools: declared
          .filter((tool) => tool.name.startsWith("keel_"))
          .map((tool) => ({ name: tool.name, description: tool.description, schema: tool.parameters })),
        verify: { text: textOf(message), isError: message?.isError === true },
      };
    } finally {
      await pi.close();
    }
  }

  async function mcpSide(): Promise<{ tools: Declared[]; verify: { text: string; isError: boolean } }> {
    const transport = new StdioClientTransport({
      command: join(BIN_DIR, "bun"),
      args: [join(REPO_ROOT, "src/main.ts"), "mcp"],
      cwd: project.projectDir,
      env: project.env as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "keel-registry-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const ran = await client.callTool({ name: "keel_verify", arguments: { command: DESTRUCTIVE } });
      return {
        tools: tools.map((tool) => ({
          name: tool.name,
          description: tool.description ?? "",
          schema: tool.inputSchema,
        })),
        verify: { text: textOf(ran), isError: ran.isError === true },
      };
    } finally {
      await client.close();
    }
  }

  it("lists the registry's tools in both hosts, alike where both offer one, and refuses a destructive verify in both", async () => {
    const pi = await piSide();
    const mcp = await mcpSide();
    const registry = (host: "pi" | "mcp") =>
      selectTools({ host }).map((tool) => ({
        name: tool.name,
        description: tool.description,
        schema: plain(tool.schema),
      }));
    const byName = (tools: Declared[]) => [...tools].sort((a, b) => a.name.localeCompare(b.name));

    expect(
      pi.tools
        .filter((tool) => PI_SESSION_TOOLS.includes(tool.name))
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(PI_SESSION_TOOLS);
    const piRegistered = pi.tools.filter((tool) => !PI_SESSION_TOOLS.includes(tool.name));
    expect(byName(piRegistered).map(plain)).toEqual(byName(registry("pi")));
    expect(byName(mcp.tools).map(plain)).toEqual(byName(registry("mcp")));
    const shared = pi.tools.filter((tool) => mcp.tools.some((other) => other.name === tool.name));
    expect(shared.map((tool) => tool.name).sort()).toEqual(
      [
        "keel_check",
        "keel_entries",
        "keel_entry",
        "keel_grep",
        "keel_note",
        "keel_status",
        "keel_verify",
      ].sort(),
    );
    for (const tool of shared) {
      const other = mcp.tools.find((candidate) => candidate.name === tool.name);
      expect(plain(other), tool.name).toEqual(plain(tool));
    }

    expect(pi.verify.isError, pi.verify.text).toBe(true);
    expect(mcp.verify.isError, mcp.verify.text).toBe(true);
    // The refusal is written in the words every reader recognises (src/session/refusals.ts).
    expect(pi.verify.text.startsWith(REFUSALS["no-ui"].prefix), pi.verify.text).toBe(true);
    expect(pi.verify.text).toBe(mcp.verify.text);
    const evidence = project.keel(["evidence", "--json"]);
    expect(evidence.stdout).not.toContain(DESTRUCTIVE);
  });
});
