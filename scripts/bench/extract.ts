// `keel extract` quality and speed: precision and recall per kind on the labelled corpus of real pi sessions
// (test/fixtures/extract-corpus/, made by scripts/fixtures/extract-corpus/generate.ts) next to a naive
// cue-word baseline, and the time to extract a 10k-entry session.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractBranch } from "../../src/compact/verified/extract/index.ts";
import { walkBranch } from "../../src/session/branch.ts";
import type { BranchEntry } from "../../src/session/entries.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { generateSession } from "../fixtures/generate-sessions.ts";
import {
  emptyScore,
  type Labels,
  naiveExtract,
  type Score,
  scoreSession,
  type Tally,
} from "./extract-score.ts";
import type { Report } from "./measure.ts";

const CORPUS = join(import.meta.dirname, "../../test/fixtures/extract-corpus");

function branchOf(text: string): { branch: BranchEntry[]; cwd: string } {
  const session = parseSessionText(text);
  const walked = walkBranch(session);
  if (!walked.ok) throw new Error(walked.reason);
  return { branch: walked.value.entries, cwd: session.header?.cwd ?? "" };
}

const pct = (a: number, b: number) => (b === 0 ? "n/a" : (a / b).toFixed(2));
const pr = (t: Tally) => `${pct(t.tp, t.tp + t.fp)} / ${pct(t.tp, t.tp + t.fn)}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(fn: () => void, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** The one-time cost of the rule shapes' tagger: loading wink-nlp and its model in a fresh process, then one
 * sentence (src/compact/verified/extract/pos-tagger.ts); the extraction time above runs with it loaded. */
function firstTagMs(runs: number): number {
  const tagger = join(import.meta.dirname, "../../src/compact/verified/extract/pos-tagger.ts");
  const script = `const { tagWords } = await import(${JSON.stringify(tagger)}); const t = performance.now(); tagWords("keep it small"); console.log(performance.now() - t);`;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`the tagger did not load: ${run.stderr}`);
    samples.push(Number(run.stdout.trim()));
  }
  return median(samples);
}

export const report: Report = {
  name: "extract",
  description:
    "keel extract on the labelled corpus vs a naive cue-word baseline (precision / recall), and 10k-entry time",
  run(options) {
    const keel = emptyScore();
    const naive = emptyScore();
    const files = readdirSync(CORPUS)
      .filter((f) => f.endsWith(".jsonl"))
      .sort();
    for (const file of files) {
      const { branch, cwd } = branchOf(readFileSync(join(CORPUS, file), "utf8"));
      const labels = JSON.parse(
        readFileSync(join(CORPUS, file.replace(/\.jsonl$/, ".labels.json")), "utf8"),
      ) as Labels;
      const x = extractBranch(branch, { cwd });
      scoreSession(
        keel,
        {
          goal: x.goal,
          request: x.currentRequest,
          constraints: x.constraints.map((c) => c.text),
          decisions: x.decisions.map((d) => d.text),
          files: x.files,
          errors: x.errors,
        },
        labels,
      );
      scoreSession(naive, naiveExtract(branch), labels);
    }
    const big = branchOf(generateSession({ entries: 10_000, seed: 7, compactEvery: 2_000 }));
    const runs = Math.max(3, options.runs);
    const keelMs = time(() => extractBranch(big.branch, { cwd: big.cwd }), runs);
    const naiveMs = time(() => naiveExtract(big.branch), runs);
    const modelMs = firstTagMs(Math.min(5, runs));
    const row = (kind: string, pick: (s: Score) => Tally) => [kind, pr(pick(keel)), pr(pick(naive))];
    return {
      columns: ["kind (precision / recall)", "keel extract", "naive cue words"],
      rows: [
        row("constraints + preferences", (s) => s.constraints),
        row("decisions", (s) => s.decisions),
        row("goal (stated, else the first task request)", (s) => s.goal),
        row("current request", (s) => s.request),
        row("files (read/modified/deleted)", (s) => s.files),
        row("errors", (s) => s.errors),
        [
          "error resolution (accuracy)",
          pct(keel.resolution.right, keel.resolution.of),
          pct(naive.resolution.right, naive.resolution.of),
        ],
        [
          "hard negatives taken as rules",
          `${keel.negativesTaken} of ${keel.negatives}`,
          `${naive.negativesTaken} of ${naive.negatives}`,
        ],
        [
          `extraction time, ${big.branch.length} entries (median of ${runs})`,
          `${keelMs.toFixed(1)} ms`,
          `${naiveMs.toFixed(1)} ms`,
        ],
        [
          `part-of-speech model, first rule shape of a process (median of ${Math.min(5, runs)} fresh processes)`,
          `${modelMs.toFixed(1)} ms`,
          "n/a",
        ],
      ],
      notes: [
        `${files.length} sessions in test/fixtures/extract-corpus; ratio keel/naive time ${(keelMs / naiveMs).toFixed(1)}×`,
      ],
    };
  },
};
