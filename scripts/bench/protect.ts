// Literal verification of 1,000 protected items against a 1 MB context: keel's verifier (sampled scan, or one
// full pass when short items are present) next to the naive per-item scan of the original (normalise the whole
// context again for every item, then search), as ratios in one run, in this process (bun) and in a node child
// (pi's runtime), plus the simple approach: normalise the context once, then one `includes` per item.
// The naive scan is timed on a sample of items and scaled to 1,000 (it takes seconds otherwise).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { ProtectedItem } from "../../src/protect/types.ts";
import { SAMPLED_MIN_LENGTH } from "../../src/protect/verifier/sampled-scan.ts";
import { verifyLiteral } from "../../src/protect/verifier/verify.ts";
import type { Report } from "./measure.ts";
import { CONTEXT_CHARS, corpus, ITEMS, medianOf, type Shape, time, timeVerifiers } from "./protect-corpus.ts";

const NAIVE_SAMPLE = 40;

const normalise = (text: string) => text.replace(/\s+/gu, " ").trim().toLowerCase();

function naiveVerify(items: readonly ProtectedItem[], context: string): number {
  let preserved = 0;
  for (const item of items) if (normalise(context).includes(normalise(item.content))) preserved++;
  return preserved;
}

/** The simple approach: normalise the context once, then one `includes` per item. */
function simpleVerify(items: readonly ProtectedItem[], context: string): number {
  const normalised = normalise(context);
  let preserved = 0;
  for (const item of items) if (normalised.includes(normalise(item.content))) preserved++;
  return preserved;
}

function simpleTiming(shape: Shape, runs: number) {
  const { context, items } = corpus(shape);
  let preserved = 0;
  const ms = medianOf(runs, () => {
    preserved = simpleVerify(items, context);
  });
  return { ms, preserved };
}

type Timings = Record<Shape, ReturnType<typeof timeVerifiers>>;

/** The same measurement under node (the runtime pi runs keel's extension in), or why it could not run. */
function nodeTimings(runs: number): Timings | string {
  const script = join(import.meta.dirname, "protect-corpus.ts");
  const child = spawnSync("node", [script, String(runs)], { encoding: "utf8" });
  if (child.status !== 0) return `node row skipped: ${(child.stderr || child.error?.message || "").trim()}`;
  return JSON.parse(child.stdout) as Timings;
}

const SHAPES: Record<Shape, string> = {
  long: "prose, items of 60-139 chars",
  short: "prose, items of 15-30 chars",
  repetitive: "one line repeated, near misses",
};

/** The naive scan on a sample of the shape's items, scaled to all of them, and whether keel agrees there. */
function naiveTiming(shape: Shape) {
  const { context, items } = corpus(shape);
  const sample = items.slice(0, NAIVE_SAMPLE);
  naiveVerify(sample.slice(0, 2), context);
  let preserved = 0;
  const ms = (time(() => (preserved = naiveVerify(sample, context))) / sample.length) * ITEMS;
  return { ms, agrees: verifyLiteral(sample, context).preserved.length === preserved };
}

export const report: Report = {
  name: "protect",
  description: `literal verification of ${ITEMS} protected items against a ${CONTEXT_CHARS / 1e6} MB context (targets: ≥ 10× the naive scan, ≤ 10 ms)`,
  run({ runs }) {
    const node = nodeTimings(runs);
    const rows: string[][] = [];
    const disagreements: string[] = [];
    for (const shape of Object.keys(SHAPES) as Shape[]) {
      const naive = naiveTiming(shape);
      if (!naive.agrees) disagreements.push(shape);
      const bun = timeVerifiers(shape, runs);
      const simple = simpleTiming(shape, runs);
      if (simple.preserved !== bun.preserved) disagreements.push(`${shape} (simple)`);
      const onNode = typeof node === "string" ? undefined : node[shape];
      const ms = (value: number | undefined) => (value === undefined ? "-" : `${value.toFixed(2)} ms`);
      rows.push([
        SHAPES[shape],
        `${naive.ms.toFixed(0)} ms`,
        ms(bun.keel),
        `${(naive.ms / bun.keel).toFixed(0)}×`,
        ms(simple.ms),
        `${(simple.ms / bun.keel).toFixed(1)}×`,
        ms(onNode?.keel),
        `${ms(bun.full)} / ${ms(onNode?.full)}`,
        `${bun.preserved}/${ITEMS}`,
      ]);
    }
    return {
      columns: [
        "1,000 items, 1 MB",
        "naive",
        "keel",
        "ratio",
        "simple",
        "simple/keel",
        "keel (node)",
        "full pass only",
        "preserved",
      ],
      rows,
      notes: [
        `naive: the original's per-item scan, timed on ${NAIVE_SAMPLE} items and scaled; keel agrees with it there: ${disagreements.length === 0 ? "yes" : `NO (${disagreements.join(", ")})`}`,
        "simple: normalise the context once, then one includes per item (bun); simple/keel above 1× is where keel's verifier pays off",
        `bun in this process; node in a child process (pi's runtime); "full pass only" forces keel's fallback (bun / node)`,
        `keel samples the context when every item has ${SAMPLED_MIN_LENGTH}+ normalised characters and no σ, ς, combining dot or astral character; otherwise one full pass takes all items, and repetitive text that floods either with candidates goes to an Aho-Corasick automaton`,
        ...(typeof node === "string" ? [node] : []),
      ],
    };
  },
};
