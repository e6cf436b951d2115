// The protect benchmark's corpus and timing, shared by the in-process report (bun) and a node child process
// (`node scripts/bench/protect-corpus.ts <runs>` prints the median times as JSON): pi runs the verifier on Node.
import { fileURLToPath } from "node:url";
import type { ProtectedItem } from "../../src/protect/types.ts";
import { fullFind } from "../../src/protect/verifier/full-scan.ts";
import { normalizedUnits, verifyLiteral } from "../../src/protect/verifier/verify.ts";
import { median } from "./measure.ts";

export const ITEMS = 1000;
export const CONTEXT_CHARS = 1_000_000;
const SYLLABLES = "ka lo mi ne su ta re po li va de gu sho ran tek bil mor fin zu ax".split(" ");

/**
 * `long`: items of 60-139 characters (sentences) in pseudo-prose; `short`: 15-30 (a rule or a name);
 * `repetitive`: one log line repeated to 1 MB, items spanning lines, half of them altered in their last character.
 */
export type Shape = "long" | "short" | "repetitive";

function repetitive(): { context: string; items: ProtectedItem[] } {
  const line = "2026-11-29T10:00:00Z INFO worker heartbeat ok queue=0\n";
  const context = line.repeat(Math.ceil(CONTEXT_CHARS / line.length)).slice(0, CONTEXT_CHARS);
  const items = Array.from({ length: ITEMS }, (_, i): ProtectedItem => {
    const span = context.slice(i % line.length, (i % line.length) + 60 + (i % 80)).trim();
    const content = i % 2 === 0 ? span : `${span.slice(0, -1)}#`;
    return { id: `item-${i}`, kind: "fact", content, critical: false };
  });
  return { context, items };
}

/** A 1 MB context of pseudo-prose and 1,000 items, half re-cased and re-spaced copies of spans, half absent. */
export function corpus(shape: Shape): { context: string; items: ProtectedItem[] } {
  if (shape === "repetitive") return repetitive();
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
    const length = shape === "long" ? 60 + (i % 80) : 15 + (i % 16);
    const start = Math.floor(random() * (context.length - 200));
    const copy = () =>
      context
        .slice(start, start + length)
        .trim()
        .toUpperCase()
        .replace(/ /g, "  ");
    const absent = shape === "long" ? `${sentence(10)} item-${i}` : `${sentence(2)} item-${i}`;
    items.push({
      id: `item-${i}`,
      kind: "fact",
      content: i % 2 === 0 ? copy() : absent,
      critical: i % 3 === 0,
    });
  }
  return { context, items };
}

export function time(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median time of `fn` over `runs` calls after three warm-up calls. */
export function medianOf(runs: number, fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  return median(Array.from({ length: Math.max(5, runs) }, () => time(fn)));
}

/** keel's verifier as pi calls it, and the full pass alone (what items under the sampling length cost). */
export function timeVerifiers(shape: Shape, runs: number) {
  const { context, items } = corpus(shape);
  let preserved = 0;
  const keel = medianOf(runs, () => {
    preserved = verifyLiteral(items, context).preserved.length;
  });
  const full = medianOf(runs, () => {
    const needles = items.map((item) => normalizedUnits(item.content));
    fullFind(
      context,
      needles,
      needles.map((_, index) => index),
      needles.map(() => false),
    );
  });
  return { keel, full, preserved };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? 10);
  const shapes: Shape[] = ["long", "short", "repetitive"];
  console.log(JSON.stringify(Object.fromEntries(shapes.map((shape) => [shape, timeVerifiers(shape, runs)]))));
}
