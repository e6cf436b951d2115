// Option-order tricks against `keel batch`: the commands a batch refuses (ui, mcp, batch) sent behind options,
// and answers that carry C1 control characters. Shared by test/cli/batch-tricks.test.ts and `npm run proof`;
// returns what it saw (a request that ran nested, a batch that never ended, raw C1 bytes in the answers).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BIN_DIR, REPO_ROOT } from "../cli.ts";
import { mcpProject } from "../mcp.ts";

const REFUSED = ["ui", "mcp", "batch"];
const PREFIXES: string[][] = [[], ["--json"], ["--json", "--json"], ["--"], ["--json", "--"], ["-q"]];

/** Every refused verb behind every prefix, with and without the verb's own options after it. */
export function trickCommands(): string[][] {
  const out: string[][] = [];
  for (const verb of REFUSED)
    for (const prefix of PREFIXES) {
      out.push([...prefix, verb]);
      out.push([...prefix, verb, "--json"]);
    }
  return out;
}

export interface BatchTrickFigures {
  cases: number;
  /** Requests that were not refused with exit 2 (they ran inside the batch). */
  nested: number;
  /** The batch did not end within the limit (a nested server kept it alive). */
  hung: boolean;
  /** Raw U+0080–U+009F characters in the answer stream. */
  rawC1: number;
}

/** Runs every trick (unless `tricks` is false) and one C1 probe through one `keel batch` from source. */
export function batchTricks(limitMs = 60_000, tricks = trickCommands()): BatchTrickFigures {
  const world = mcpProject();
  try {
    const lines = tricks.map((command, id) => JSON.stringify({ id, command }));
    const c1 = "keep \u009b31m and \u0085 out";
    lines.push(JSON.stringify({ id: `id ${c1}`, command: ["journal", "-n", "1"] }));
    lines.push(JSON.stringify({ id: "c1", command: ["memory", "record", "--title", c1, "--body", c1] }));
    const run = spawnSync(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "batch", "--quiet"], {
      cwd: world.project,
      env: world.env,
      input: `${lines.join("\n")}\n`,
      encoding: "utf8",
      timeout: limitMs,
      killSignal: "SIGKILL",
      maxBuffer: 16 * 1024 * 1024,
    });
    const answers = run.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { id: unknown; exit: number; error?: string });
    const refused = answers.filter(
      (a) => typeof a.id === "number" && a.exit === 2 && /cannot run in a batch/.test(a.error ?? ""),
    ).length;
    return {
      cases: tricks.length + 2,
      nested: tricks.length - refused,
      hung: run.error !== undefined || run.signal !== null,
      rawC1: (run.stdout.match(/[\u0080-\u009f]/g) ?? []).length,
    };
  } finally {
    world.cleanup();
  }
}
