// Destructive-command screen on its corpus (test/fixtures/guard/screen-corpus*.txt, two batches, each split
// by hash into a tune half and a held-out half): recall and false-positive rate per pack on both halves, the older corpus
// (commands.json) next to a plain nine-regex matcher, and in-process time per one-line command (p50, p99).
import { availableParallelism, loadavg } from "node:os";
import { naiveIsDestructive } from "../../src/guard/destructive/naive-matcher.ts";
import { screenCommand } from "../../src/guard/destructive/screen.ts";
import oldCorpus from "../../test/fixtures/guard/commands.json" with { type: "json" };
import { type CorpusCase, type CorpusHalf, loadScreenCorpus } from "../../test/support/screen-corpus.ts";
import type { Report } from "./measure.ts";

const HALVES: CorpusHalf[] = ["tune", "held-out"];

function rate(hits: number, total: number): string {
  return total === 0 ? "-" : `${hits}/${total} = ${(hits / total).toFixed(3)}`;
}

function scoreCases(cases: CorpusCase[], half: CorpusHalf): [string, string] {
  const mine = cases.filter((item) => item.half === half);
  const dangerous = mine.filter((item) => item.label === "dangerous");
  const harmless = mine.filter((item) => item.label === "harmless");
  const caught = dangerous.filter((item) => screenCommand(item.command).destructive).length;
  const flagged = harmless.filter((item) => screenCommand(item.command).destructive).length;
  return [rate(caught, dangerous.length), rate(flagged, harmless.length)];
}

interface Timing {
  p50: number;
  p99: number;
  mean: number;
  cpu: number;
  /** p50 and p99 across commands of each command's median over the rounds (pauses between calls averaged out). */
  perCommand: { p50: number; p99: number; slowest: number };
}

const ROUNDS = 20;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Microseconds per call for each one-line command, after a warm-up: over every call, and per command. */
function timing(lines: string[]): Timing {
  for (let i = 0; i < 3; i++) for (const line of lines) screenCommand(line);
  const byLine = lines.map((): number[] => []);
  const cpuStart = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++)
    lines.forEach((line, index) => {
      const start = process.hrtime.bigint();
      screenCommand(line);
      byLine[index]?.push(Number(process.hrtime.bigint() - start) / 1e3);
    });
  const cpuUsed = process.cpuUsage(cpuStart);
  const samples = byLine.flat().sort((a, b) => a - b);
  const medians = byLine
    .map((own) =>
      quantile(
        [...own].sort((a, b) => a - b),
        0.5,
      ),
    )
    .sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    p50: quantile(samples, 0.5),
    p99: quantile(samples, 0.99),
    mean,
    cpu: (cpuUsed.user + cpuUsed.system) / samples.length,
    perCommand: { p50: quantile(medians, 0.5), p99: quantile(medians, 0.99), slowest: medians.at(-1) ?? 0 },
  };
}

function oldCorpusRow(name: string, isDestructive: (line: string) => boolean): string[] {
  const caught = oldCorpus.dangerous.filter(isDestructive).length;
  const flagged = oldCorpus.benign.filter(isDestructive).length;
  return [name, "", rate(caught, oldCorpus.dangerous.length), rate(flagged, oldCorpus.benign.length)];
}

export const report: Report = {
  name: "destructive",
  description:
    "destructive-command screen: recall and false positives per pack on the tune and held-out halves (targets on held-out: recall ≥ 0.97, false positives ≤ 0.01), time per one-line command (p50 ≤ 50 µs, p99 ≤ 1 ms)",
  run: () => {
    const cases = loadScreenCorpus();
    const packs = [...new Set(cases.map((item) => item.pack))];
    const rows: string[][] = [];
    for (const half of HALVES) {
      for (const pack of packs)
        rows.push([
          pack,
          half,
          ...scoreCases(
            cases.filter((item) => item.pack === pack),
            half,
          ),
        ]);
      rows.push(["all packs", half, ...scoreCases(cases, half)]);
      for (const batch of [1, 2])
        rows.push([
          `all packs, batch ${batch}`,
          half,
          ...scoreCases(
            cases.filter((item) => item.batch === batch),
            half,
          ),
        ]);
    }
    rows.push(oldCorpusRow("older corpus: keel screen", (line) => screenCommand(line).destructive));
    rows.push(oldCorpusRow("older corpus: nine regexes", naiveIsDestructive));
    const oneLine = cases.map((item) => item.command).filter((command) => !command.includes("\n"));
    const time = timing(oneLine);
    return {
      columns: ["pack", "half", "recall", "false-positive rate"],
      rows,
      notes: [
        `time per one-line command (${oneLine.length} commands × ${ROUNDS} rounds, in process, wall clock): p50 ${time.p50.toFixed(1)} µs, p99 ${time.p99.toFixed(1)} µs, mean ${time.mean.toFixed(1)} µs over every call`,
        `per command (each command's median over the rounds): p50 ${time.perCommand.p50.toFixed(1)} µs, p99 ${time.perCommand.p99.toFixed(1)} µs, slowest ${time.perCommand.slowest.toFixed(1)} µs`,
        `CPU time per command (process CPU over the same calls, all threads): ${time.cpu.toFixed(1)} µs; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (wall-clock tails grow with load)`,
      ],
    };
  },
};
