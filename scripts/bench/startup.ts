// Start-up per command, paired with the floor: each run of a keel command sits next to a run of a one-line
// program compiled with keel's flags (order alternating), so machine noise hits both alike. Prints, per command,
// the median and range of both, the median and range of the per-pair ratios, and peak memory against the floor's.
// Targets (issue 23): `--version` and `screen` ≤ 2.0× the floor, store commands ≤ 3.0×, screen's memory ≤ 1.5×.
// KEEL_BENCH_BEFORE=<another keel binary> adds its rows ("before: …") to the same run, each command of both binaries
// paired with the floor in the same rounds, for a before/after table from one run on one machine.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type BenchOptions,
  BIN,
  median,
  type Probe,
  peakRssOnce,
  type Report,
  type ReportTable,
  ROOT,
  rssMethod,
  timeOnce,
} from "./measure.ts";

/** The fewest pairs a run measures, whatever --runs says. */
const MIN_PAIRS = 30;
const RSS_RUNS = 3;

/** Compiles `console.log(version)` into `dir` with keel's compile flags; undefined when that fails. */
export function compileFloor(dir: string): Probe | undefined {
  writeFileSync(join(dir, "hello.ts"), 'console.log("0.0.0");\n');
  const out = join(dir, "hello");
  const flags = ["--compile", "--minify", "--bytecode", "--format=esm"];
  const run = spawnSync(join(BIN, "bun"), ["build", ...flags, join(dir, "hello.ts"), "--outfile", out]);
  if (run.status !== 0) return undefined;
  return { label: "compiled one-liner (bun floor)", command: [out] };
}

/** A git project with a store that already holds a few memory records, so `memory search` finds a current schema. */
function prepareProject(scratch: string, binary: string): Omit<Probe, "label" | "command"> {
  const cwd = join(scratch, "project");
  mkdirSync(cwd);
  const env = {
    HOME: scratch,
    PI_CODING_AGENT_DIR: join(scratch, "agent"),
    KEEL_DB: join(scratch, "keel.db"),
  };
  const must = (command: string, args: string[]) => {
    const run = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${run.stderr}`);
  };
  must("git", ["init", "-q"]);
  for (const [title, body] of [
    ["x marks the deploy step", "run x before the release"],
    ["tests", "npm test runs vitest"],
    ["style", "kebab-case file names"],
  ] as const) {
    must(binary, ["memory", "record", "--kind", "note", "--title", title, "--body", body]);
  }
  return { cwd, env };
}

interface Paired {
  label: string;
  keel: number[];
  floor: number[];
  ratios: number[];
  /** keel's CPU time (user + system) over the floor's, per pair; empty when the runner cannot tell. */
  cpuRatios: number[];
}

interface Run {
  ms: number;
  cpuMs: number | null;
}

/** Wall time and, under Bun (which reports the child's rusage), CPU time: less moved by a loaded machine. */
function runOnce(probe: Probe): Run {
  if (typeof Bun === "undefined") return { ms: timeOnce(probe), cpuMs: null };
  const start = performance.now();
  const run = Bun.spawnSync(probe.command, {
    cwd: probe.cwd ?? ROOT,
    env: { ...process.env, ...probe.env },
    stdout: "ignore",
    stderr: "pipe",
  });
  const ms = performance.now() - start;
  if (run.exitCode !== 0)
    throw new Error(`\`${probe.command.join(" ")}\` exited ${run.exitCode}: ${run.stderr}`);
  const cpu = run.resourceUsage?.cpuTime;
  return { ms, cpuMs: cpu ? (Number(cpu.user) + Number(cpu.system)) / 1000 : null };
}

/** `pairs` runs of each probe next to the floor; even pairs run the floor first, odd ones the probe first. */
function measurePaired(probes: Probe[], floor: Probe, pairs: number, warmup: number): Paired[] {
  for (let i = 0; i < warmup; i++) for (const probe of [floor, ...probes]) runOnce(probe);
  const results = probes.map(
    (probe) => ({ label: probe.label, keel: [], floor: [], ratios: [], cpuRatios: [] }) as Paired,
  );
  for (let i = 0; i < pairs; i++) {
    probes.forEach((probe, p) => {
      const floorFirst = i % 2 === 0;
      const a = runOnce(floorFirst ? floor : probe);
      const b = runOnce(floorFirst ? probe : floor);
      const [base, keel] = floorFirst ? [a, b] : [b, a];
      const row = results[p]!;
      row.keel.push(keel.ms);
      row.floor.push(base.ms);
      row.ratios.push(keel.ms / base.ms);
      if (keel.cpuMs !== null && base.cpuMs) row.cpuRatios.push(keel.cpuMs / base.cpuMs);
    });
  }
  return results;
}

function peakRss(probe: Probe): number | null {
  const method = rssMethod();
  const values = Array.from({ length: RSS_RUNS }, () => peakRssOnce(probe, method));
  return values.every((value) => value !== null) ? Math.max(...(values as number[])) : null;
}

const ms = (values: number[]) =>
  `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
const times = (values: number[]) =>
  `${median(values).toFixed(2)}× (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
const mib = (bytes: number | null) => (bytes === null ? "?" : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

function table(rows: Paired[], memory: Array<number | null>, floorMemory: number | null): ReportTable {
  return {
    columns: ["command", "keel ms", "floor ms", "ratio", "CPU ratio", "peak RSS", "RSS ratio"],
    rows: rows.map((row, r) => [
      row.label,
      ms(row.keel),
      ms(row.floor),
      times(row.ratios),
      row.cpuRatios.length > 0 ? times(row.cpuRatios) : "?",
      mib(memory[r] ?? null),
      memory[r] && floorMemory ? `${(memory[r]! / floorMemory).toFixed(2)}×` : "?",
    ]),
    notes: [
      `${rows[0]?.ratios.length ?? 0} pairs each; median (min–max); ratio = keel / floor per pair (wall time; CPU = user + system)`,
      `floor peak RSS ${mib(floorMemory)} (${rssMethod()}, max of ${RSS_RUNS} runs)`,
      "targets: --version and screen ≤ 2.0×, store commands ≤ 3.0×, screen's peak RSS ≤ 1.5× the floor's",
    ],
  };
}

export const report: Report = {
  name: "startup",
  description: "dist/keel per command, each run paired with a compiled one-line Bun program (the floor)",
  run(options: BenchOptions): ReportTable {
    const binary = join(ROOT, "dist/keel");
    if (!existsSync(binary)) throw new Error("dist/keel is missing: run `bun scripts/build.ts` first");
    const scratch = mkdtempSync(join(tmpdir(), "keel-bench-startup-"));
    try {
      const floor = compileFloor(scratch);
      if (!floor) throw new Error("bun could not compile the one-line floor program");
      const place = prepareProject(scratch, binary);
      const before = process.env.KEEL_BENCH_BEFORE;
      if (before && !existsSync(before)) throw new Error(`KEEL_BENCH_BEFORE: ${before} does not exist`);
      const commands = [["--version"], ["screen", "ls"], ["memory", "search", "x"], ["status"]];
      const probe =
        (bin: string, prefix: string) =>
        (args: string[]): Probe => ({
          label: `${prefix}keel ${args.join(" ")}`,
          command: [bin, ...args],
          ...place,
        });
      const probes = [
        ...commands.map(probe(binary, "")),
        ...(before ? commands.map(probe(before, "before: ")) : []),
      ];
      const rows = measurePaired(
        probes,
        { ...floor, ...place },
        Math.max(options.runs, MIN_PAIRS),
        options.warmup,
      );
      const memory = probes.map(peakRss);
      return table(rows, memory, peakRss({ ...floor, ...place }));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
