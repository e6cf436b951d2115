// `npm run bench`: runs every scripts/bench/*.ts that exports `benchmark` (whole-process timings, see
// measure.ts) or `report` (a table computed in process) and prints one table each, or one JSON document with
// --json. Flags: --runs N, --warmup N, --only <name>[,<name>…]. No assertions: targets are read off the tables.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type Benchmark,
  type BenchOptions,
  type Measurement,
  measureAll,
  type Report,
  type ReportTable,
  rssMethod,
} from "./measure.ts";

const here = import.meta.dirname;
const HARNESS = new Set(["run.ts", "measure.ts"]);

type Entry = { kind: "benchmark"; spec: Benchmark } | { kind: "report"; spec: Report };

async function discover(only: string[] | undefined): Promise<Entry[]> {
  const found: Entry[] = [];
  for (const file of readdirSync(here).sort()) {
    if (!file.endsWith(".ts") || HARNESS.has(file)) continue;
    const module = (await import(join(here, file))) as { benchmark?: Benchmark; report?: Report };
    if (module.benchmark) found.push({ kind: "benchmark", spec: module.benchmark });
    if (module.report) found.push({ kind: "report", spec: module.report });
  }
  return only ? found.filter((entry) => only.includes(entry.spec.name)) : found;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mib = (bytes: number | null) => (bytes === null ? "?" : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);
const RSS_NOTES = {
  "gnu-time": "peak RSS: /usr/bin/time -f %M, max of 3 separate runs",
  "bun-rusage":
    "peak RSS: Bun rusage, an upper bound (includes the runner's own RSS); install `time` for exact",
  none: "peak RSS: unknown (no /usr/bin/time; run under bun for an upper bound)",
} as const;

function timingTable(rows: Measurement[]): ReportTable {
  return {
    columns: ["command", "median", "min", "max", "ratio", "peak RSS"],
    rows: rows.map((row) => [
      row.label,
      ms(row.medianMs),
      ms(row.minMs),
      ms(row.maxMs),
      `${row.ratio.toFixed(2)}×`,
      mib(row.peakRssBytes),
    ]),
    notes: [RSS_NOTES[rssMethod()]],
  };
}

function render(title: string, table: ReportTable): string {
  const widths = table.columns.map((title, c) =>
    Math.max(title.length, ...table.rows.map((cells) => (cells[c] ?? "").length)),
  );
  const line = (cells: string[]) =>
    widths.map((w, c) => (c === 0 ? (cells[c] ?? "").padEnd(w) : (cells[c] ?? "").padStart(w))).join("  ");
  return [
    title,
    line(table.columns),
    line(widths.map((w) => "-".repeat(w))),
    ...table.rows.map(line),
    ...(table.notes ?? []),
  ].join("\n");
}

interface Outcome {
  name: string;
  description: string;
  kind: Entry["kind"];
  /** The raw measurements of a `benchmark`; a `report` has only its table. */
  measurements?: Measurement[];
  table: ReportTable;
}

async function runEntry(entry: Entry, options: BenchOptions): Promise<Outcome> {
  const { name, description } = entry.spec;
  if (entry.kind === "report")
    return { name, description, kind: "report", table: await entry.spec.run(options) };
  try {
    const measurements = measureAll(await entry.spec.probes(options), options);
    return { name, description, kind: "benchmark", measurements, table: timingTable(measurements) };
  } finally {
    entry.spec.cleanup?.();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      json: { type: "boolean", default: false },
      runs: { type: "string", default: "20" },
      warmup: { type: "string", default: "3" },
      only: { type: "string" },
    },
  });
  const options: BenchOptions = { runs: Number(values.runs), warmup: Number(values.warmup) };
  if (!(options.runs >= 1 && options.warmup >= 0)) throw new Error("--runs must be ≥ 1 and --warmup ≥ 0");
  const entries = await discover(values.only?.split(","));
  if (entries.length === 0) throw new Error(`no benchmark matches --only ${values.only}`);

  const outcomes: Outcome[] = [];
  for (const entry of entries) {
    const outcome = await runEntry(entry, options);
    outcomes.push(outcome);
    if (values.json) continue;
    const runs = outcome.kind === "benchmark" ? `; ${options.runs} runs after ${options.warmup} warm-up` : "";
    console.log(`${render(`${outcome.name}: ${outcome.description}${runs}`, outcome.table)}\n`);
  }
  if (values.json) {
    const runtime = typeof Bun !== "undefined" ? `bun ${Bun.version}` : `node ${process.version}`;
    const platform = `${process.platform}-${process.arch}`;
    console.log(JSON.stringify({ runtime, platform, ...options, rssMethod: rssMethod(), outcomes }, null, 2));
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
