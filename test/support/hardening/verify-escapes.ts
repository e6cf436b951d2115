// Process-group escapes against `keel verify --timeout`: commands that leave their group (setsid, double fork,
// nohup) and hold the output open, run through the CLI and over MCP stdio. Shared by the verify test and
// `npm run proof`; returns how late each run returned past its timeout (CLI: the duration verify recorded, MCP:
// the call's wall time) and which of its processes survived.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN_DIR, REPO_ROOT } from "../cli.ts";
import { mcpProject } from "../mcp.ts";

/** Escapes, each sleeping for a unique number of seconds so its survivors can be found by command line. */
export function escapeCommands(base: number): string[] {
  return [
    `setsid sleep ${base}`,
    `setsid sh -c 'sleep ${base + 1}' & wait`,
    `(setsid sleep ${base + 2} &) ; sleep ${base + 2}`,
    `sh -c '(nohup sleep ${base + 3} >/dev/null 2>&1 &)'; setsid sleep ${base + 4}`,
  ];
}

/** Processes whose command line holds `sleep <n>` for any n in the run's range. */
function survivors(base: number, count: number): number[] {
  const wanted = new Set(Array.from({ length: count }, (_, i) => `sleep\0${base + i}\0`));
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let cmdline = "";
    try {
      cmdline = readFileSync(`/proc/${name}/cmdline`, "latin1");
    } catch {
      continue;
    }
    if ([...wanted].some((w) => cmdline.endsWith(w))) found.push(Number(name));
  }
  return found;
}

export interface EscapeFigures {
  cases: number;
  /** Runs that returned more than 2 s after their timeout, beyond what an instant command took just before. */
  late: number;
  /** The slowest return past the timeout, in ms. */
  worstLateMs: number;
  /** Processes of the commands still alive after every run returned (each is killed afterwards). */
  survived: number;
  /** Runs whose answer did not say it timed out. */
  unreported: number;
  /** Each run: surface, command and ms past the timeout. */
  runs: string[];
}

async function connectMcp(project: ReturnType<typeof mcpProject>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: join(BIN_DIR, "bun"),
    args: [join(REPO_ROOT, "src/main.ts"), "mcp"],
    cwd: project.project,
    env: project.env as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "keel-proof", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** One keel_guard_verify call with a 2 s timeout: the answer text and the time the call took. */
async function verifyOverMcp(client: Client, command: string): Promise<[string, number]> {
  const began = Date.now();
  const result = await client.callTool(
    { name: "keel_guard_verify", arguments: { command, timeout_s: 2 } },
    undefined,
    { timeout: 120_000 },
  );
  return [JSON.stringify(result), Date.now() - began];
}

/**
 * One `keel verify --timeout 2 --json` run: its output and the duration verify recorded (the CLI's own start-up from
 * source is not verify's doing); infinite when it recorded none.
 */
function verifyOverCli(world: ReturnType<typeof mcpProject>, command: string): [string, number] {
  const run = spawnSync(
    join(BIN_DIR, "bun"),
    [join(REPO_ROOT, "src/main.ts"), "verify", "--timeout", "2", "--json", command],
    { cwd: world.project, env: world.env, encoding: "utf8", timeout: 120_000 },
  );
  const evidence = (JSON.parse(run.stdout || "{}") as { evidence?: { durationMs?: number } }).evidence;
  return [run.stdout, evidence?.durationMs ?? Number.POSITIVE_INFINITY];
}

/** An instant run's time as overhead; one that recorded no time (refused, failed) discounts nothing. */
const overhead = ([, ms]: [string, number]): number => (Number.isFinite(ms) ? Math.max(0, ms) : 0);

/** Runs each escape with a 2 s timeout through the CLI and (when `mcp`) over MCP stdio. */
export async function verifyEscapes(
  base = 4500 + Math.floor(Math.random() * 400),
  mcp = true,
): Promise<EscapeFigures> {
  const world = mcpProject();
  const commands = escapeCommands(base);
  const figures: EscapeFigures = { cases: 0, late: 0, worstLateMs: 0, survived: 0, unreported: 0, runs: [] };
  const record = (elapsedMs: number, answer: string, surface: string, command: string) => {
    figures.cases += 1;
    const late = elapsedMs - 2000;
    figures.runs.push(`${surface} ${command}: +${late} ms past the timeout and the overhead`);
    figures.worstLateMs = Math.max(figures.worstLateMs, late);
    if (late > 2000) figures.late += 1;
    if (!/timed out/.test(answer)) figures.unreported += 1;
  };
  const client = mcp ? await connectMcp(world) : undefined;
  try {
    for (const command of commands) {
      // A command that returns at once, run the same way just before, is the machine's present overhead (a
      // loaded machine slows every run alike): only what an escape adds beyond it counts as late.
      const cliOverhead = overhead(verifyOverCli(world, "true"));
      const [output, duration] = verifyOverCli(world, command);
      record(duration - cliOverhead, output, "cli", command);
      if (client) {
        const mcpOverhead = overhead(await verifyOverMcp(client, "true"));
        const [answer, elapsed] = await verifyOverMcp(client, command);
        record(elapsed - mcpOverhead, answer, "mcp", command);
      }
    }
    const left = survivors(base, 5);
    figures.survived = left.length;
    for (const pid of left) process.kill(pid, "SIGKILL");
    return figures;
  } finally {
    await client?.close();
    world.cleanup();
  }
}
