// Oversized messages against `keel mcp` on stdio: requests of 10 MiB and more, with and without a readable id,
// and one cut off by the end of input. Shared by test/mcp/mcp-oversize.test.ts and `npm run proof`; counts
// silent exits (the server ended with no answer and nothing on stderr) and refusals that left it unable to serve.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { BIN_DIR, REPO_ROOT } from "../cli.ts";
import { mcpProject } from "../mcp.ts";

const MiB = 1024 * 1024;
const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const INIT = line({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "proof", version: "1" } },
});

/** A tools/call of about `bytes` bytes (its id first, as hosts write it), or a bare blob when `id` is null. */
function bigRequest(id: number | null, bytes: number): string {
  if (id === null) return `${"x".repeat(bytes)}\n`;
  return line({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "keel_memory_search", arguments: { query: "q".repeat(bytes) } },
  });
}

export interface OversizeFigures {
  cases: number;
  /** Runs where the server ended without any answer or stderr line about the big message. */
  silentExits: number;
  /** Runs where the next small request after the big one got no answer. */
  stoppedServing: number;
}

interface Exchange {
  stdout: string;
  stderr: string;
  exit: number | null;
}

/** One server: initialize, the big message, then tools/list (id 9); input ends afterwards unless `cut`. */
function exchange(big: string, cut: boolean, env: NodeJS.ProcessEnv, cwd: string): Promise<Exchange> {
  return new Promise((resolve) => {
    const child = spawn(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "mcp"], { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      if (answers(stdout).some((a) => a.id === 9)) child.stdin.end();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (exit) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exit });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.write(INIT);
    child.stdin.write(cut ? big.slice(0, -1) : big);
    if (cut) child.stdin.end();
    else child.stdin.write(line({ jsonrpc: "2.0", id: 9, method: "tools/list" }));
  });
}

/** The complete JSON-RPC lines written so far. */
function answers(stdout: string): Array<{ id?: unknown; result?: unknown; error?: unknown }> {
  return stdout
    .split("\n")
    .slice(0, -1)
    .map((text) => JSON.parse(text) as { id?: unknown; result?: unknown; error?: unknown });
}

export async function mcpOversize(): Promise<OversizeFigures> {
  const world = mcpProject();
  const cases: Array<[string, boolean]> = [
    [bigRequest(7, 10 * MiB), false],
    [bigRequest(7, 24 * MiB), false],
    [bigRequest(null, 12 * MiB), false],
    [bigRequest(7, 11 * MiB), true],
  ];
  const figures: OversizeFigures = { cases: cases.length, silentExits: 0, stoppedServing: 0 };
  try {
    for (const [big, cut] of cases) {
      const run = await exchange(big, cut, world.env, world.project);
      const replies = answers(run.stdout);
      const answeredBig = replies.some((a) => (a.id === 7 || a.id === null) && a.error !== undefined);
      if (!answeredBig && !/larger than the limit|ended inside a message/.test(run.stderr))
        figures.silentExits += 1;
      if (!cut && !replies.some((a) => a.id === 9 && a.result !== undefined)) figures.stoppedServing += 1;
    }
    return figures;
  } finally {
    world.cleanup();
  }
}
