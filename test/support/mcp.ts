// Drives keel's MCP server with the SDK's own Client: the host snippets from the README, a temp git project
// with its own store, and one scenario (tools, memory, verify + evidence, session grep) every transport runs.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { expect } from "vitest";
import { isolatedEnv, REPO_ROOT } from "./cli.ts";
import { initRepo } from "./git-repo.ts";

export const SESSION_FIXTURE = join(REPO_ROOT, "test/fixtures/sessions/small-hand.jsonl");

/** The README's host configuration snippet for `transport` ("stdio" or "http"), parsed. */
export function readmeSnippet(transport: "stdio" | "http"): {
  mcpServers: { keel: Record<string, unknown> };
} {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const match = readme.match(new RegExp(`<!-- mcp-${transport} -->\\s*\`\`\`json\\n([\\s\\S]*?)\`\`\``));
  if (!match?.[1]) throw new Error(`README.md has no mcp-${transport} snippet`);
  return JSON.parse(match[1]);
}

export interface McpProject {
  root: string;
  project: string;
  agentDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export function mcpProject(): McpProject {
  const root = mkdtempSync(join(tmpdir(), "keel-mcp-"));
  const project = initRepo(join(root, "project"));
  const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db"), HOME: root });
  return {
    root,
    project,
    agentDir: join(root, "agent"),
    env,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The session fixture copied into the project's pi session folder, where MCP recall accepts session files. */
export function sessionInAgentDir(world: McpProject): string {
  const dir = join(world.agentDir, "sessions", "--fixture--");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "small-hand.jsonl");
  copyFileSync(SESSION_FIXTURE, file);
  return file;
}

export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((part) => part.text ?? "").join("\n");
}

/** The scenario the issue names: list tools, record + search memory, verify and read its evidence, grep. */
export async function exerciseKeel(client: Client, word: string, session: string): Promise<void> {
  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  for (const name of ["keel_memory_search", "keel_memory_record", "keel_verify", "keel_grep"])
    expect(names).toContain(name);
  // One name per operation on every host: recall's are the pi tools' (keel_entries, keel_grep, keel_entry);
  // the earlier keel_<area>_<verb> names still answer (the calls below use them) but are not listed.
  expect(names.filter((name) => ["keel_entries", "keel_entry", "keel_grep"].includes(name)).sort()).toEqual([
    "keel_entries",
    "keel_entry",
    "keel_grep",
  ]);
  for (const tool of tools) {
    expect(tool.name).toMatch(/^keel_[a-z_]+$/);
    for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"])
      expect(typeof (tool.annotations as Record<string, unknown>)[hint], `${tool.name} ${hint}`).toBe(
        "boolean",
      );
  }
  const verify = tools.find((tool) => tool.name === "keel_verify");
  expect(verify?.annotations).toMatchObject({
    destructiveHint: true,
    openWorldHint: true,
    readOnlyHint: false,
  });
  const search = tools.find((tool) => tool.name === "keel_memory_search");
  expect(search?.annotations).toMatchObject({ readOnlyHint: true });
  expect(search?.inputSchema).toMatchObject({ type: "object", required: ["query"] });

  const recorded = await client.callTool({
    name: "keel_memory_record",
    arguments: {
      title: `Use ${word} for ids`,
      body: `Every id is a ${word}.`,
      kind: "decision",
      category: "decision",
    },
  });
  expect(recorded.isError, textOf(recorded)).toBe(false);
  const id = JSON.parse(textOf(recorded).split("\n").slice(1).join("\n")).data.record.id as string;
  const found = await client.callTool({ name: "keel_memory_search", arguments: { query: word } });
  expect(found.isError).toBe(false);
  expect(textOf(found)).toContain(id);
  const read = await client.callTool({ name: "keel_memory_read", arguments: { id } });
  expect(textOf(read)).toContain(`"origin":"agent"`);

  const ran = await client.callTool({ name: "keel_guard_verify", arguments: { command: `echo ${word}-ok` } });
  expect(ran.isError, textOf(ran)).toBe(false);
  const number = Number(textOf(ran).match(/^evidence #(\d+): exit 0/)?.[1]);
  expect(number).toBeGreaterThan(0);
  const evidence = await client.callTool({ name: "keel_guard_evidence", arguments: { number } });
  const row = JSON.parse(textOf(evidence)) as { exitCode: number; outputTail: string; sessionId: string };
  expect(row).toMatchObject({ exitCode: 0 });
  expect(row.outputTail).toContain(`${word}-ok`);
  expect(row.sessionId).toMatch(/^mcp-/);

  const grep = await client.callTool({
    name: "keel_recall_grep",
    arguments: { session, pattern: "PLANTED-REASON-42" },
  });
  expect(grep.isError, textOf(grep)).toBe(false);
  const matches = JSON.parse(textOf(grep)).matches as { entryId: string }[];
  expect(matches.map((m) => m.entryId)).toContain("a0000002");
}
