// The verifier's full pass, for needles sampling cannot take (short ones, and those holding σ, ς, a combining
// dot or surrogates): the context is lower-cased as a whole, collapsed into code units and scanned once with a
// rolling hash over the needles' leading windows, so many needles still cost one pass, not one pass each.
import { automatonFind } from "./automaton.ts";
import { SPACE, unitsToString, unitTable } from "./code-units.ts";

/** Leading-window sizes, longest first: long needles hash a long window so repetitive text yields few false hits. */
const WINDOWS = [32, 8] as const;
const BASE = 0x01000193;
const FILTER_BITS = 16;
/** Candidate comparisons allowed per context unit (plus a floor) before the automaton takes over. */
const COMPARISONS_PER_UNIT = 4;
const COMPARISONS_ALWAYS = 100_000;

function hashWindow(units: Uint16Array, width: number): number {
  let h = 0;
  for (let i = 0; i < width; i++) h = (Math.imul(h, BASE) + units[i]!) | 0;
  return h;
}

const filterSlot = (h: number) => (h ^ (h >>> FILTER_BITS)) & ((1 << FILTER_BITS) - 1);

function equalAt(context: Uint16Array, at: number, needle: Uint16Array): boolean {
  if (at < 0 || at + needle.length > context.length) return false;
  for (let i = 0; i < needle.length; i++) if (context[at + i] !== needle[i]) return false;
  return true;
}

/** One window size: the needles whose leading `width` units hash to each value, and a one-byte-per-slot filter. */
interface Tier {
  width: number;
  power: number;
  filter: Uint8Array;
  byHash: Map<number, number[]>;
}

function buildTiers(needles: readonly Uint16Array[], wanted: readonly number[]): Tier[] {
  return WINDOWS.map((width, tier) => {
    const longer = tier === 0 ? Infinity : WINDOWS[tier - 1]!;
    let power = 1;
    for (let i = 1; i < width; i++) power = Math.imul(power, BASE);
    const t: Tier = { width, power, filter: new Uint8Array(1 << FILTER_BITS), byHash: new Map() };
    for (const index of wanted) {
      const needle = needles[index]!;
      if (needle.length < width || needle.length >= longer) continue;
      const h = hashWindow(needle, width);
      const list = t.byHash.get(h);
      if (list) list.push(index);
      else t.byHash.set(h, [index]);
      t.filter[filterSlot(h)] = 1;
    }
    return t;
  }).filter((t) => t.byHash.size > 0);
}

/**
 * Lower-cases the whole context (so context-dependent case mappings come out right), collapses whitespace and
 * slides `tier`'s rolling hash in the same loop. The output starts with `width` zero units of padding so the unit
 * leaving the window is always readable; hit positions are unpadded (negative ones never confirm).
 */
function normalizeAndScan(context: string, tier: Tier | undefined): { units: Uint16Array; hits: number[] } {
  const lower = context.toLowerCase();
  const table = unitTable();
  const width = tier?.width ?? 1;
  const power = tier?.power ?? 0;
  const filter = tier?.filter ?? new Uint8Array(1 << FILTER_BITS);
  const mask = (1 << FILTER_BITS) - 1;
  const out = new Uint16Array(lower.length + width);
  const hits: number[] = [];
  let n = width;
  let h = 0;
  let pendingSpace = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (table[c] === SPACE) {
      pendingSpace = n > width;
      continue;
    }
    if (pendingSpace) {
      pendingSpace = false;
      out[n] = SPACE;
      h = (Math.imul(h - Math.imul(out[n - width]!, power), BASE) + SPACE) | 0;
      n++;
      if (filter[(h ^ (h >>> FILTER_BITS)) & mask] === 1) hits.push(n - 2 * width, h);
    }
    out[n] = c;
    h = (Math.imul(h - Math.imul(out[n - width]!, power), BASE) + c) | 0;
    n++;
    if (filter[(h ^ (h >>> FILTER_BITS)) & mask] === 1) hits.push(n - 2 * width, h);
  }
  return { units: out.subarray(width, n), hits };
}

/** One rolling-hash pass over already-normalised units (for the shorter tiers). */
function scanUnits(units: Uint16Array, tier: Tier): number[] {
  const hits: number[] = [];
  if (units.length < tier.width) return hits;
  let h = hashWindow(units, tier.width);
  for (let at = 0; ; at++) {
    if (tier.filter[filterSlot(h)] === 1) hits.push(at, h);
    const next = at + tier.width;
    if (next >= units.length) return hits;
    h = (Math.imul(h - Math.imul(units[at]!, tier.power), BASE) + units[next]!) | 0;
  }
}

/**
 * Confirms hashed candidates until `budget` (units compared) runs out; false means it ran out, which only
 * repetitive text causes, and the caller switches to the automaton.
 */
function confirmHits(
  units: Uint16Array,
  tier: Tier,
  hits: number[],
  needles: readonly Uint16Array[],
  found: boolean[],
  budget: { left: number },
): boolean {
  for (let k = 0; k < hits.length; k += 2) {
    for (const index of tier.byHash.get(hits[k + 1]!) ?? []) {
      if (found[index]) continue;
      budget.left -= needles[index]!.length;
      if (budget.left < 0) return false;
      if (equalAt(units, hits[k]!, needles[index]!)) found[index] = true;
    }
  }
  return true;
}

/**
 * Marks in `found` which needles (normalised) listed in `wanted` occur in the normalised `context`: one loop
 * normalises the context and slides the first window's hash; other windows rescan the normalised units, and
 * needles shorter than every window fall back to a substring search. Candidates past a budget of a few
 * comparisons per context unit hand the rest to the automaton.
 */
export function fullFind(
  context: string,
  needles: readonly Uint16Array[],
  wanted: readonly number[],
  found: boolean[],
) {
  if (wanted.length === 0) return;
  const tiers = buildTiers(needles, wanted);
  const first = tiers[0];
  const { units, hits } = normalizeAndScan(context, first);
  const budget = { left: COMPARISONS_PER_UNIT * units.length + COMPARISONS_ALWAYS };
  for (const tier of tiers) {
    const tierHits = tier === first ? hits : scanUnits(units, tier);
    if (!confirmHits(units, tier, tierHits, needles, found, budget))
      return automatonFind(units, needles, wanted, found);
  }
  let text: string | undefined;
  for (const index of wanted) {
    const needle = needles[index]!;
    if (found[index] || needle.length >= WINDOWS[WINDOWS.length - 1]!) continue;
    text ??= unitsToString(units);
    found[index] = text.includes(unitsToString(needle));
  }
}
