// Whole-process measurement for `npm run bench`: wall time of N runs after warm-up (spawnSync + hrtime), and
// the peak RSS of a few separate runs: GNU time's %M when /usr/bin/time exists, else Bun's rusage (an upper
// bound, see rssMethod), else unknown. No external benchmarking tool.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");
export const BIN = join(ROOT, "node_modules/.bin");

export interface BenchOptions {
  runs: number;
  warmup: number;
}

/** One command to time; `env` is merged over the bench's environment. */
export interface Probe {
  label: string;
  command: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export interface Measurement {
  label: string;
  command: string;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Largest peak RSS over the memory runs, in bytes; null when this runtime cannot tell. */
  peakRssBytes: number | null;
  /** This row's median over the benchmark's first row's median. */
  ratio: number;
}

/** What a file of scripts/bench/ exports as `benchmark` to time whole processes; run.ts discovers every file. */
export interface Benchmark {
  name: string;
  description: string;
  /** Runs before timing (build fixtures, temp dirs); returns the probes to measure. */
  probes(options: BenchOptions): Probe[] | Promise<Probe[]>;
  /** Removes what probes() created. */
  cleanup?(): void;
}

/** A table an in-process benchmark computes itself (accuracy, time per call, …). */
export interface ReportTable {
  columns: string[];
  /** One array of cells per row, already formatted; the first column is left-aligned. */
  rows: string[][];
  /** Optional lines printed under the table. */
  notes?: string[];
}

/**
 * What a file of scripts/bench/ exports as `report` when it measures inside the process instead of spawning
 * commands (memory search, verification, checkpoint rendering, …); run.ts prints its table as is.
 */
export interface Report {
  name: string;
  description: string;
  run(options: BenchOptions): ReportTable | Promise<ReportTable>;
}

export interface BenchResult {
  name: string;
  description: string;
  rows: Measurement[];
}

export type RssMethod = "gnu-time" | "bun-rusage" | "none";

const GNU_TIME = "/usr/bin/time";
/** How many extra runs per probe measure peak memory (kept apart so the wrapper never skews the timings). */
const RSS_RUNS = 3;

/**
 * GNU time reports the child's own peak. Bun's rusage is the fallback, but Linux charges the parent's
 * resident set to a child spawned with vfork semantics, so it is an upper bound (never below the runner's RSS).
 */
export function rssMethod(): RssMethod {
  if (existsSync(GNU_TIME)) return "gnu-time";
  return typeof Bun !== "undefined" ? "bun-rusage" : "none";
}

/** One run's wall time in ms; a non-zero exit is an error. */
export function timeOnce(probe: Probe): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(probe.command[0]!, probe.command.slice(1), {
    cwd: probe.cwd ?? ROOT,
    env: { ...process.env, ...probe.env },
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.error) throw run.error;
  if (run.status !== 0) throw failure(probe, run.status, run.stderr);
  return ms;
}

/** One run's peak RSS in bytes, by `method`; null when it cannot tell. */
export function peakRssOnce(probe: Probe, method: RssMethod): number | null {
  const options = { cwd: probe.cwd ?? ROOT, env: { ...process.env, ...probe.env } };
  if (method === "gnu-time") {
    const run = spawnSync(GNU_TIME, ["-f", "%M", ...probe.command], { ...options, encoding: "utf8" });
    if (run.status !== 0) throw failure(probe, run.status, run.stderr);
    const kib = Number(run.stderr.trim().split("\n").at(-1));
    return Number.isFinite(kib) ? kib * 1024 : null;
  }
  if (method === "bun-rusage") {
    const run = Bun.spawnSync(probe.command, { ...options, stdout: "ignore", stderr: "pipe" });
    if (run.exitCode !== 0) throw failure(probe, run.exitCode, run.stderr.toString());
    return run.resourceUsage?.maxRSS ?? null;
  }
  return null;
}

function failure(probe: Probe, code: number | null, stderr: string): Error {
  return new Error(
    `\`${probe.command.join(" ")}\` exited ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`,
  );
}

/** The middle value (the mean of the two middle ones for an even count); `values` is left unsorted. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Measures each probe with runs interleaved (a, b, c, a, b, c, …) so drift affects all rows alike. */
export function measureAll(probes: Probe[], options: BenchOptions): Measurement[] {
  for (let i = 0; i < options.warmup; i++) for (const probe of probes) timeOnce(probe);
  const times = probes.map(() => [] as number[]);
  for (let i = 0; i < options.runs; i++) {
    probes.forEach((probe, p) => {
      times[p]!.push(timeOnce(probe));
    });
  }
  const method = rssMethod();
  const peaks = probes.map((probe) => {
    const values = Array.from({ length: RSS_RUNS }, () => peakRssOnce(probe, method));
    return values.every((value) => value !== null) ? Math.max(...(values as number[])) : null;
  });
  const medians = times.map((list) => median(list.sort((a, b) => a - b)));
  return probes.map((probe, p) => ({
    label: probe.label,
    command: probe.command.map((part) => part.replace(`${ROOT}/`, "")).join(" "),
    runs: times[p]!.length,
    medianMs: medians[p]!,
    minMs: times[p]![0]!,
    maxMs: times[p]!.at(-1)!,
    peakRssBytes: peaks[p]!,
    ratio: medians[p]! / medians[0]!,
  }));
}
