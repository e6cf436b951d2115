// keel mcp over stdio, driven by the MCP SDK's own Client exactly as the README tells a host to start it: from
// source (bun src/main.ts) and from the compiled binary (dist/keel, built by `bun scripts/build.ts`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";
import {
  exerciseKeel,
  type McpProject,
  mcpProject,
  readmeSnippet,
  SESSION_FIXTURE,
  sessionInAgentDir,
  textOf,
} from "../support/mcp.ts";

let world: McpProject;
beforeAll(() => {
  world = mcpProject();
});
afterAll(() => world.cleanup());

/** The README's stdio entry with `keel` resolved to a real command (the source tree or dist/keel). */
async function connect(from: "source" | "binary", extraArgs: string[] = []): Promise<Client> {
  const entry = readmeSnippet("stdio").mcpServers.keel as { command: string; args: string[] };
  expect(entry.command).toBe("keel");
  const binary = join(REPO_ROOT, "dist/keel");
  if (from === "binary" && !existsSync(binary))
    throw new Error("dist/keel is missing: run bun scripts/build.ts");
  const [command, prefix] =
    from === "source" ? [join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts")]] : [binary, []];
  const transport = new StdioClientTransport({
    command,
    args: [...prefix, ...entry.args, ...extraArgs],
    cwd: world.project,
    env: world.env as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "keel-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describe.each(["source", "binary"] as const)("keel mcp on stdio from %s", (from) => {
  it("lists tools, records and searches memory, verifies and reads evidence, greps a session", async () => {
    const client = await connect(from);
    try {
      await exerciseKeel(client, `${from}word`, sessionInAgentDir(world));
    } finally {
      await client.close();
    }
  });

  it("answers bad input with tool errors and keeps serving", async () => {
    const client = await connect(from);
    try {
      const calls = [
        { name: "keel_nope_nothing", arguments: {} },
        { name: "keel_memory_search", arguments: { query: 42 } },
        { name: "keel_memory_search", arguments: { query: "x".repeat(1_000_000) } },
        { name: "keel_guard_verify", arguments: { command: "true", extra: 1 } },
        { name: "keel_memory_record", arguments: { title: "t", body: "b", kind: "nonsense" } },
        { name: "keel_recall_grep", arguments: { session: "/no/such/file.jsonl", pattern: "x" } },
        { name: "keel_guard_verify", arguments: { command: "rm -rf /" } },
        { name: "keel_guard_diff", arguments: { baseline: "--output=/tmp/keel-x" } },
        { name: "keel_guard_diff", arguments: { baseline: "no-such-ref" } },
      ];
      for (const call of calls) {
        const result = await client.callTool(call);
        expect(result.isError, `${call.name}: ${textOf(result)}`).toBe(true);
        expect(textOf(result).length).toBeGreaterThan(0);
        expect(textOf(result).length).toBeLessThan(2_000);
      }
      const alive = await client.callTool({ name: "keel_memory_status", arguments: {} });
      expect(alive.isError).toBe(false);
    } finally {
      await client.close();
    }
  });
});

describe("guard views and the default session", () => {
  it("audits the change against the session's baseline, runs preflight, and greps the project's newest session", async () => {
    const client = await connect("source");
    try {
      const sessions = join(world.agentDir, "sessions", "--project--");
      mkdirSync(sessions, { recursive: true });
      const [header, ...rest] = readFileSync(SESSION_FIXTURE, "utf8").split("\n");
      const moved = { ...JSON.parse(header ?? "{}"), cwd: world.project };
      writeFileSync(join(sessions, "s.jsonl"), [JSON.stringify(moved), ...rest].join("\n"));
      const grep = await client.callTool({
        name: "keel_recall_grep",
        arguments: { pattern: "PLANTED-REASON-42" },
      });
      expect(grep.isError, textOf(grep)).toBe(false);
      expect(JSON.parse(textOf(grep)).matches.length).toBeGreaterThan(0);

      writeFileSync(join(world.project, "new.txt"), "one\ntwo\n");
      const diff = JSON.parse(textOf(await client.callTool({ name: "keel_guard_diff", arguments: {} })));
      expect(diff.changed).toContainEqual(expect.objectContaining({ path: "new.txt", added: 2 }));
      const checks = JSON.parse(
        textOf(await client.callTool({ name: "keel_guard_preflight", arguments: {} })),
      );
      expect(checks).toContainEqual(expect.objectContaining({ name: "repository", ok: true }));
    } finally {
      await client.close();
    }
  });
});

describe("parallel hosts", () => {
  it("keep separate session ids: each one's evidence carries its own", async () => {
    const [a, b] = await Promise.all([
      connect("source", ["--session-id", "host-a"]),
      connect("source", ["--session-id", "host-b"]),
    ]);
    try {
      for (const [client, id] of [
        [a, "host-a"],
        [b, "host-b"],
      ] as const) {
        const ran = await client.callTool({ name: "keel_guard_verify", arguments: { command: "false" } });
        const number = Number(textOf(ran).match(/^evidence #(\d+)/)?.[1]);
        const row = JSON.parse(
          textOf(await client.callTool({ name: "keel_guard_evidence", arguments: { number } })),
        );
        expect(row.sessionId).toBe(`mcp-${id}`);
      }
      const loopsA = JSON.parse(textOf(await a.callTool({ name: "keel_guard_loops", arguments: {} })));
      expect(loopsA).toHaveLength(1);
      expect(loopsA[0]).toMatchObject({ command: "false", failures: 1 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("recall's session files over MCP", () => {
  it("refuses a session file outside pi's session folder unless the host allowed its folder", async () => {
    const outside = await connect("source");
    try {
      const refused = await outside.callTool({
        name: "keel_recall_grep",
        arguments: { session: SESSION_FIXTURE, pattern: "PLANTED-REASON-42" },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/not under pi's session folder.*--session-root/);
      const etc = await outside.callTool({
        name: "keel_recall_entries",
        arguments: { session: "/etc/passwd" },
      });
      expect(textOf(etc)).toMatch(/not under pi's session folder/);
    } finally {
      await outside.close();
    }
    const allowed = await connect("source", ["--session-root", join(REPO_ROOT, "test/fixtures/sessions")]);
    try {
      const grep = await allowed.callTool({
        name: "keel_recall_grep",
        arguments: { session: SESSION_FIXTURE, pattern: "PLANTED-REASON-42" },
      });
      expect(grep.isError, textOf(grep)).toBe(false);
    } finally {
      await allowed.close();
    }
  }, 120_000);
});
