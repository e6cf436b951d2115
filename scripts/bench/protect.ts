// Literal verification of 1,000 protected items against a 1 MB candidate context: keel's one-pass verifier
// next to the naive per-item scan (normalise the whole context again for every item, then search), as a ratio
// in one run. The naive scan is timed on a sample of items and scaled to 1,000 (it takes seconds otherwise).

import type { ProtectedItem } from "../../src/protect/types.ts";
import { verifyLiteral } from "../../src/protect/verify.ts";
import type { Report } from "./measure.ts";

const ITEMS = 1000;
const CONTEXT_CHARS = 1_000_000;
const NAIVE_SAMPLE = 40;
const SYLLABLES = "ka lo mi ne su ta re po li va de gu sho ran tek bil mor fin zu ax".split(" ");

function corpus(): { context: string; items: ProtectedItem[] } {
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  // About 3,000 distinct pseudo-words: text with the repetition of prose, not of a ten-word loop.
  const words = Array.from({ length: 3000 }, (_, i) => {
    let word = "";
    for (let n = i; word.length === 0 || n > 0; n = Math.floor(n / SYLLABLES.length))
      word += SYLLABLES[n % SYLLABLES.length];
    return word;
  });
  const sentence = (n: number) =>
    Array.from({ length: n }, () => words[Math.floor(random() * words.length)]).join(" ");
  const parts: string[] = [];
  let size = 0;
  while (size < CONTEXT_CHARS) {
    const line = `${sentence(12)}.\n  `;
    parts.push(line);
    size += line.length;
  }
  const context = parts.join("").slice(0, CONTEXT_CHARS);
  const items: ProtectedItem[] = [];
  for (let i = 0; i < ITEMS; i++) {
    // Half present (re-cased, re-spaced copies of a span), half absent.
    const content =
      i % 2 === 0
        ? (() => {
            const start = Math.floor(random() * (context.length - 200));
            return context
              .slice(start, start + 60 + (i % 80))
              .toUpperCase()
              .replace(/ /g, "  ");
          })()
        : `${sentence(10)} item-${i}`;
    items.push({ id: `item-${i}`, kind: "fact", content, critical: i % 3 === 0 });
  }
  return { context, items };
}

const normalise = (text: string) => text.replace(/\s+/gu, " ").trim().toLowerCase();

function naiveVerify(items: readonly ProtectedItem[], context: string): number {
  let preserved = 0;
  for (const item of items) if (normalise(context).includes(normalise(item.content))) preserved++;
  return preserved;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export const report: Report = {
  name: "protect",
  description: `literal verification of ${ITEMS} protected items against a ${CONTEXT_CHARS / 1e6} MB context (targets: ≥ 10× the naive scan, ≤ 10 ms)`,
  run({ runs, warmup }) {
    const { context, items } = corpus();
    for (let i = 0; i < Math.max(3, warmup); i++) verifyLiteral(items, context);
    let preserved = 0;
    const keel = median(
      Array.from({ length: Math.max(5, runs) }, () =>
        time(() => {
          preserved = verifyLiteral(items, context).preserved.length;
        }),
      ),
    );
    const sample = items.slice(0, NAIVE_SAMPLE);
    naiveVerify(sample.slice(0, 2), context);
    let naivePreserved = 0;
    const naiveSample = time(() => {
      naivePreserved = naiveVerify(sample, context);
    });
    const keelSample = verifyLiteral(sample, context).preserved.length;
    const naive = (naiveSample / sample.length) * ITEMS;
    return {
      columns: ["verifier", "time for 1,000 items", "ratio", "preserved"],
      rows: [
        ["keel one-pass index", `${keel.toFixed(2)} ms`, "1.00×", `${preserved}/${ITEMS}`],
        [
          "naive per-item scan",
          `${naive.toFixed(0)} ms`,
          `${(naive / keel).toFixed(0)}×`,
          `${naivePreserved}/${sample.length} sampled`,
        ],
      ],
      notes: [
        `naive timed on ${sample.length} items and scaled to ${ITEMS}; on that sample both verifiers agree: ${keelSample === naivePreserved ? "yes" : "NO"}`,
      ],
    };
  },
};
