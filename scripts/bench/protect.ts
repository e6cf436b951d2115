// Literal verification of 1,000 protected items against a 1 MB context: keel's verifier (sampled scan, or one
// full pass when short items are present) next to the naive per-item scan of the original (normalise the whole
// context again for every item, then search), as ratios in one run, in this process (bun) and in a node child
// (pi's runtime).
// The naive scan is timed on a sample of items and scaled to 1,000 (it takes seconds otherwise).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { SAMPLED_MIN_LENGTH } from "../../src/protect/sampled-scan.ts";
import type { ProtectedItem } from "../../src/protect/types.ts";
import { verifyLiteral } from "../../src/protect/verify.ts";
import type { Report } from "./measure.ts";
import { CONTEXT_CHARS, corpus, ITEMS, type Shape, time, timeVerifiers } from "./protect-corpus.ts";

const NAIVE_SAMPLE = 40;

const normalise = (text: string) => text.replace(/\s+/gu, " ").trim().toLowerCase();

function naiveVerify(items: readonly ProtectedItem[], context: string): number {
  let preserved = 0;
  for (const item of items) if (normalise(context).includes(normalise(item.content))) preserved++;
  return preserved;
}

type Timings = Record<Shape, ReturnType<typeof timeVerifiers>>;

/** The same measurement under node (the runtime pi runs keel's extension in), or why it could not run. */
function nodeTimings(runs: number): Timings | string {
  const script = join(import.meta.dirname, "protect-corpus.ts");
  const child = spawnSync("node", [script, String(runs)], { encoding: "utf8" });
  if (child.status !== 0) return `node row skipped: ${(child.stderr || child.error?.message || "").trim()}`;
  return JSON.parse(child.stdout) as Timings;
}

export const report: Report = {
  name: "protect",
  description: `literal verification of ${ITEMS} protected items against a ${CONTEXT_CHARS / 1e6} MB context (targets: ≥ 10× the naive scan, ≤ 10 ms)`,
  run({ runs }) {
    const { context, items } = corpus("long");
    const sample = items.slice(0, NAIVE_SAMPLE);
    naiveVerify(sample.slice(0, 2), context);
    let naivePreserved = 0;
    const naive = (time(() => (naivePreserved = naiveVerify(sample, context))) / sample.length) * ITEMS;
    const agree = verifyLiteral(sample, context).preserved.length === naivePreserved;
    const bun = { long: timeVerifiers("long", runs), short: timeVerifiers("short", runs) };
    const node = nodeTimings(runs);
    const row = (label: string, ms: number, preserved: string) => [
      label,
      `${ms.toFixed(2)} ms`,
      `${(naive / ms).toFixed(0)}×`,
      preserved,
    ];
    const rows = [
      [
        "naive per-item scan (bun)",
        `${naive.toFixed(0)} ms`,
        "1×",
        `${naivePreserved}/${sample.length} sampled`,
      ],
    ];
    for (const [runtime, timings] of [
      ["bun", bun],
      ["node", node],
    ] as const) {
      if (typeof timings === "string") continue;
      rows.push(
        row(
          `keel, items of 60-139 chars (${runtime})`,
          timings.long.keel,
          `${timings.long.preserved}/${ITEMS}`,
        ),
        row(
          `keel, items of 15-30 chars (${runtime})`,
          timings.short.keel,
          `${timings.short.preserved}/${ITEMS}`,
        ),
        row(`keel, 60-139 chars, forced full pass (${runtime})`, timings.long.full, "-"),
      );
    }
    return {
      columns: ["verifier", "time for 1,000 items", "faster than naive", "preserved"],
      rows,
      notes: [
        `naive timed on ${sample.length} items and scaled to ${ITEMS}; on that sample keel agrees: ${agree ? "yes" : "NO"}`,
        `keel samples the context when every item has ${SAMPLED_MIN_LENGTH}+ normalised characters and no σ, ς, combining dot or astral character; otherwise one full pass takes all items`,
        ...(typeof node === "string" ? [node] : []),
      ],
    };
  },
};
