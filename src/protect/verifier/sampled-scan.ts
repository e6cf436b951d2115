// Sublinear multi-needle search on raw text: only every `stride`-th character of the context starts a
// normalised 12-unit gram, and every gram a needle holds at its first `stride` offsets is indexed. Any occurrence
// spans at least `stride` raw characters (normalising only shortens text), so one sample lands inside it at a
// needle offset below `stride`; that sample's gram finds it. Candidates are confirmed by comparing the needle
// with the raw text normalised on the fly, so the context is never lower-cased or copied as a whole.

import { COMBINING_DOT, FINAL_SIGMA, SIGMA, SPACE, unitTable } from "./code-units.ts";

const GRAM = 12;
/** Sampling strides, largest first; a needle uses the largest one its length allows. */
const STRIDES = [32, 16] as const;
const BASE = 0x01000193;
/** Candidate comparisons allowed per context character (plus a floor) before giving up on sampling. */
const COMPARISONS_PER_UNIT = 1;
const COMPARISONS_ALWAYS = 100_000;
/** The shortest normalised needle sampling can take. */
export const SAMPLED_MIN_LENGTH = STRIDES[1] + GRAM - 1;

/**
 * Whether a normalised needle can be found by sampling: long enough for the smallest stride, and free of the
 * units whose raw source the per-unit table cannot reproduce (σ, ς, the combining dot, surrogates).
 */
export function sampleable(needle: Uint16Array): boolean {
  if (strideFor(needle.length) === 0) return false;
  for (let i = 0; i < needle.length; i++) {
    const u = needle[i]!;
    if (u === SIGMA || u === FINAL_SIGMA || u === COMBINING_DOT || (u >= 0xd800 && u <= 0xdfff)) return false;
  }
  return true;
}

function strideFor(length: number): number {
  for (const stride of STRIDES) if (length >= stride + GRAM - 1) return stride;
  return 0;
}

function hashUnits(needle: Uint16Array, from: number): number {
  let h = 0;
  for (let i = from; i < from + GRAM; i++) h = (Math.imul(h, BASE) + needle[i]!) | 0;
  return h;
}

/** BASE to the power GRAM - 1: the weight of the unit leaving a rolling gram. */
const LEAVING = Array.from({ length: GRAM - 1 }).reduce<number>((power) => Math.imul(power, BASE), 1);
const FILTER_BITS = 18;
const filterBit = (h: number) => (h ^ (h >>> 13)) & ((1 << FILTER_BITS) - 1);

/**
 * Every needle's grams at offsets below its stride, as a chained hash table in typed arrays: `head[h & mask]` is
 * the first entry, `next` links entries, and each entry keeps its full hash, needle and offset. A 32 KiB bit
 * filter in front answers most samples without touching the table.
 */
interface GramIndex {
  filter: Uint32Array;
  mask: number;
  head: Int32Array;
  next: Int32Array;
  hash: Int32Array;
  needle: Int32Array;
  offset: Int32Array;
  stride: number;
}

function indexNeedles(needles: readonly Uint16Array[], wanted: readonly number[]): GramIndex {
  const size = wanted.reduce((sum, index) => sum + strideFor(needles[index]!.length), 0);
  let slots = 1024;
  while (slots < size) slots *= 2;
  const index: GramIndex = {
    filter: new Uint32Array(1 << (FILTER_BITS - 5)),
    mask: slots - 1,
    head: new Int32Array(slots).fill(-1),
    next: new Int32Array(size),
    hash: new Int32Array(size),
    needle: new Int32Array(size),
    offset: new Int32Array(size),
    stride: STRIDES[0],
  };
  let entry = 0;
  for (const which of wanted) {
    const needle = needles[which]!;
    const own = strideFor(needle.length);
    index.stride = Math.min(index.stride, own);
    let h = hashUnits(needle, 0);
    for (let offset = 0; offset < own; offset++, entry++) {
      if (offset > 0)
        h = (Math.imul(h - Math.imul(needle[offset - 1]!, LEAVING), BASE) + needle[offset + GRAM - 1]!) | 0;
      index.hash[entry] = h;
      index.needle[entry] = which;
      index.offset[entry] = offset;
      index.next[entry] = index.head[h & index.mask]!;
      index.head[h & index.mask] = entry;
      index.filter[filterBit(h) >>> 5]! |= 1 << (filterBit(h) & 31);
    }
  }
  return index;
}

/**
 * The raw index where the normalised unit holding raw index `at` begins: a whitespace run is one unit, starting
 * at its first character. (A leading run is no unit at all, but needles never start with a space, so a match
 * cannot begin there.)
 */
function unitStart(text: string, table: Uint16Array, at: number): number {
  let start = at;
  while (table[text.charCodeAt(start)] === SPACE && start > 0 && table[text.charCodeAt(start - 1)] === SPACE)
    start--;
  return start;
}

/** Whether `needle` occurs in the normalised text with its unit `offset` at the unit holding raw index `at`. */
function confirm(text: string, table: Uint16Array, at: number, offset: number, needle: Uint16Array): boolean {
  let start = unitStart(text, table, at);
  for (let back = 0; back < offset; back++) {
    if (start <= 0) return false;
    start = unitStart(text, table, start - 1);
  }
  let i = start;
  for (let k = 0; k < needle.length; k++) {
    if (i >= text.length) return false;
    const u = table[text.charCodeAt(i++)]!;
    if (u === SPACE) while (i < text.length && table[text.charCodeAt(i)] === SPACE) i++;
    if (u !== needle[k]) return false;
  }
  return true;
}

/**
 * Marks in `found` which needles (normalised, each `sampleable`) listed in `wanted` occur in the normalised
 * `text`, reading about 12 of every `stride` raw characters. Returns false, with the search unfinished, once
 * candidates have cost a few comparisons per character (repetitive text); the full pass then takes over.
 */
export function sampledFind(
  text: string,
  needles: readonly Uint16Array[],
  wanted: readonly number[],
  found: boolean[],
): boolean {
  if (wanted.length === 0) return true;
  const table = unitTable();
  let budget = COMPARISONS_PER_UNIT * text.length + COMPARISONS_ALWAYS;
  const { filter, head, next, hash, needle, offset, mask, stride } = indexNeedles(needles, wanted);
  const end = text.length;
  for (let p = 0; p < end; p += stride) {
    let h = 0;
    let count = 0;
    let previous = 0;
    for (let i = p; count < GRAM && i < end; i++) {
      // Branch-free on purpose: a space after a space is skipped by keeping the hash and the count.
      const u = table[text.charCodeAt(i)]!;
      const keep = (u !== SPACE ? 1 : 0) | (previous !== SPACE ? 1 : 0);
      h = keep === 1 ? (Math.imul(h, BASE) + u) | 0 : h;
      previous = u;
      count += keep;
    }
    const bit = filterBit(h);
    if (count < GRAM || (filter[bit >>> 5]! & (1 << (bit & 31))) === 0) continue;
    for (let e = head[h & mask]!; e >= 0; e = next[e]!) {
      if (hash[e] !== h) continue;
      const which = needle[e]!;
      if (found[which] || p % strideFor(needles[which]!.length) !== 0) continue;
      budget -= offset[e]! + needles[which]!.length;
      if (budget < 0) return false;
      if (confirm(text, table, p, offset[e]!, needles[which]!)) found[which] = true;
    }
  }
  return true;
}
