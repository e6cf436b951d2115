// keel_screen over MCP with a working directory: inside the project, deletes are judged by git (ignored build
// output passes, uncommitted sources ask); without cwd the screen stays text-only; a cwd outside the project
// root, or one that does not exist, is refused with the reason and screens nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";
import { git } from "../support/git-repo.ts";
import { type McpProject, mcpProject, textOf } from "../support/mcp.ts";

let world: McpProject;
let outside: string;
let client: Client;

beforeAll(async () => {
  world = mcpProject();
  outside = mkdtempSync(join(tmpdir(), "keel-mcp-outside-"));
  const dir = world.project;
  writeFileSync(join(dir, ".gitignore"), "build/\n");
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src/app.ts"), "export const a = 1;\n");
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "sources");
  writeFileSync(join(dir, "src/app.ts"), "export const a = 2;\n");
  mkdirSync(join(dir, "build"));
  writeFileSync(join(dir, "build/app.js"), "exports.a = 2;\n");
  const transport = new StdioClientTransport({
    command: join(BIN_DIR, "bun"),
    args: [join(REPO_ROOT, "src/main.ts"), "mcp"],
    cwd: dir,
    env: world.env as Record<string, string>,
    stderr: "pipe",
  });
  client = new Client({ name: "keel-screen-cwd-test", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  world.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

async function screen(args: Record<string, string>) {
  const result = await client.callTool({ name: "keel_screen", arguments: args });
  return { isError: result.isError === true, text: textOf(result) };
}

describe("keel_screen with cwd over MCP", () => {
  it("judges deletes by git inside the project", async () => {
    const build = await screen({ command: "rm -rf build", cwd: world.project });
    expect(build.isError, build.text).toBe(false);
    expect(JSON.parse(build.text)).toMatchObject({ destructive: false, cwd: world.project });
    const sources = JSON.parse(
      (await screen({ command: "rm -rf src", cwd: join(world.project, "src", "..") })).text,
    );
    expect(sources).toMatchObject({ destructive: true, rule: "rm-recursive-uncommitted", verdict: "ask" });
  });

  it("stays text-only without cwd", async () => {
    expect(JSON.parse((await screen({ command: "rm -rf src" })).text)).toMatchObject({ destructive: true });
    expect(JSON.parse((await screen({ command: "ls -la" })).text)).toMatchObject({ destructive: false });
  });

  it("refuses a cwd outside the project root or one that does not exist", async () => {
    const away = await screen({ command: "rm -rf build", cwd: outside });
    expect(away.isError).toBe(true);
    expect(away.text).toMatch(/cwd must be inside the project root/);
    const parent = await screen({ command: "rm -rf build", cwd: join(world.project, "..") });
    expect(parent.isError).toBe(true);
    const missing = await screen({ command: "rm -rf build", cwd: join(world.project, "nope") });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/not an existing folder/);
  });
});
