// `keel batch` throughput: the same mixed requests (screen, memory status and search, journal, notes) answered by
// one `dist/keel batch` process against one `dist/keel` process per request, in requests per second.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BenchOptions, median, type Report, type ReportTable, ROOT } from "./measure.ts";

const BATCH_REQUESTS = 1000;
/** Separate processes are slow; time fewer of them and compare per request. */
const SEPARATE_REQUESTS = 40;

function requests(count: number): string[][] {
  const kinds = [
    ["screen", "rm -rf build"],
    ["memory", "status"],
    ["memory", "search", "release checklist"],
    ["journal", "-n", "5"],
    ["note", "note", "bench note"],
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length] ?? ["memory", "status"]);
}

function world(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-batch-"));
  const project = join(dir, "project");
  mkdirSync(project);
  spawnSync("git", ["init", "-q"], { cwd: project });
  const env = {
    ...process.env,
    KEEL_DB: join(dir, "keel.db"),
    PI_CODING_AGENT_DIR: join(dir, "agent"),
    HOME: dir,
  };
  return { dir, env };
}

function timeBatch(binary: string, cwd: string, env: NodeJS.ProcessEnv): number {
  const input = `${requests(BATCH_REQUESTS)
    .map((command, id) => JSON.stringify({ id, command }))
    .join("\n")}\n`;
  const start = performance.now();
  const run = spawnSync(binary, ["batch", "--quiet"], {
    cwd,
    env,
    input,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const elapsed = performance.now() - start;
  const answers = run.stdout.trimEnd().split("\n").length;
  if (answers !== BATCH_REQUESTS)
    throw new Error(`keel batch answered ${answers} of ${BATCH_REQUESTS}: ${run.stderr}`);
  return elapsed;
}

function timeSeparate(binary: string, cwd: string, env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  for (const command of requests(SEPARATE_REQUESTS)) {
    const run = spawnSync(binary, [...command, "--json"], { cwd, env, encoding: "utf8" });
    if (run.status === null || run.status > 1) throw new Error(`keel ${command.join(" ")}: ${run.stderr}`);
  }
  return performance.now() - start;
}

async function run(options: BenchOptions): Promise<ReportTable> {
  const binary = join(ROOT, "dist/keel");
  const { dir, env } = world();
  const cwd = join(dir, "project");
  try {
    timeBatch(binary, cwd, env); // warm-up: creates the store and the project row
    const runs = Math.max(1, Math.min(options.runs, 5));
    const batchMs = median(Array.from({ length: runs }, () => timeBatch(binary, cwd, env)));
    const separateMs = median(Array.from({ length: runs }, () => timeSeparate(binary, cwd, env)));
    const batchRate = (BATCH_REQUESTS / batchMs) * 1000;
    const separateRate = (SEPARATE_REQUESTS / separateMs) * 1000;
    return {
      columns: ["how", "requests", "median", "requests/s", "ratio"],
      rows: [
        [
          "dist/keel batch (one process)",
          String(BATCH_REQUESTS),
          `${batchMs.toFixed(0)} ms`,
          batchRate.toFixed(0),
          `${(batchRate / separateRate).toFixed(1)}×`,
        ],
        [
          "dist/keel per request",
          String(SEPARATE_REQUESTS),
          `${separateMs.toFixed(0)} ms`,
          separateRate.toFixed(0),
          "1.0×",
        ],
      ],
      notes: [`median of ${runs} runs after one warm-up; the same mix of five request kinds; target ≥ 50×`],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const report: Report = {
  name: "batch",
  description: "keel batch requests per second against one dist/keel process per request",
  run,
};
