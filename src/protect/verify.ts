// The literal verifier: an item is preserved when its text, case- and whitespace-normalised, occurs in the
// normalised candidate context. The context is normalised once into code units and scanned once with a rolling
// hash over the items' leading windows, so 1,000 items against 1 MB cost one pass, not one pass per item. The
// main pass uses a gear hash (shift and add a per-unit random value): a unit drops out of a 32-bit hash after 32
// shifts by itself, so the 32-unit window rolls with no subtraction or multiply.
// Semantics match `context.replace(/\s+/gu, " ").trim().toLowerCase().includes(item normalised the same way)`.
import type { ProtectedItem, VerificationReport } from "./types.ts";

/** Leading-window sizes, longest first: long items hash a long window so repetitive text yields few false hits. */
const WINDOWS = [32, 8] as const;
/** The gear hash covers exactly this many units: the widest window. */
const GEAR_WIDTH = 32;
const BASE = 0x01000193;
const FILTER_BITS = 16;

/** Whether a UTF-16 code unit is whitespace as JavaScript's `\s` defines it. */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Lower-cased code units with every whitespace run collapsed to one space and both ends trimmed. */
export function normalizedUnits(text: string): Uint16Array {
  const lower = text.toLowerCase();
  const space = spaces();
  const out = new Uint16Array(lower.length);
  let n = 0;
  let pendingSpace = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (space[c] === 0) {
      if (pendingSpace) {
        out[n++] = 32;
        pendingSpace = false;
      }
      out[n++] = c;
    } else pendingSpace = n > 0;
  }
  return out.subarray(0, n);
}

/** The normalised text as a string (the verifier's notion of equality, exposed for tests and callers). */
export function normalizeText(text: string): string {
  return unitsToString(normalizedUnits(text));
}

function unitsToString(units: Uint16Array): string {
  let out = "";
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

function hashWindow(units: Uint16Array, width: number): number {
  let h = 0;
  for (let i = 0; i < width; i++) h = (Math.imul(h, BASE) + units[i]!) | 0;
  return h;
}

let gearTable: Int32Array | undefined;
/** A fixed pseudo-random 32-bit value per UTF-16 code unit (deterministic, so hashes are stable). */
function gear(): Int32Array {
  if (!gearTable) {
    gearTable = new Int32Array(65536);
    let x = 0x9e3779b9 | 0;
    for (let c = 0; c < 65536; c++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      gearTable[c] = x;
    }
  }
  return gearTable;
}

/** The gear hash of the first 32 units: the same value the main pass holds after reading them. */
function gearWindow(units: Uint16Array): number {
  const g = gear();
  let h = 0;
  for (let i = 0; i < GEAR_WIDTH; i++) h = ((h << 1) + g[units[i]!]!) | 0;
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

function buildTiers(needles: readonly Uint16Array[], found: boolean[]): Tier[] {
  return WINDOWS.map((width, tier) => {
    const longer = tier === 0 ? Infinity : WINDOWS[tier - 1]!;
    let power = 1;
    for (let i = 1; i < width; i++) power = Math.imul(power, BASE);
    const t: Tier = { width, power, filter: new Uint8Array(1 << FILTER_BITS), byHash: new Map() };
    needles.forEach((needle, index) => {
      if (found[index] || needle.length < width || needle.length >= longer) return;
      const h = width === GEAR_WIDTH ? gearWindow(needle) : hashWindow(needle, width);
      const list = t.byHash.get(h);
      if (list) list.push(index);
      else t.byHash.set(h, [index]);
      t.filter[filterSlot(h)] = 1;
    });
    return t;
  }).filter((t) => t.byHash.size > 0);
}

let spaceTable: Uint8Array | undefined;
/** 1 for each UTF-16 code unit that `\s` matches: one load per character instead of a chain of compares. */
function spaces(): Uint8Array {
  if (!spaceTable) {
    spaceTable = new Uint8Array(65536);
    for (let c = 0; c < 65536; c++) spaceTable[c] = isSpace(c) ? 1 : 0;
  }
  return spaceTable;
}

/**
 * Lower-cases and collapses whitespace (as normalizedUnits) while rolling the gear hash of the last 32 units in
 * the same loop; positions whose hash passes `tier`'s filter are returned as (start, hash) pairs.
 */
function normalizeAndScan(context: string, tier: Tier | undefined): { units: Uint16Array; hits: number[] } {
  const lower = context.toLowerCase();
  const space = spaces();
  const g = gear();
  const filter = tier?.filter ?? new Uint8Array(1 << FILTER_BITS);
  const mask = (1 << FILTER_BITS) - 1;
  const out = new Uint16Array(lower.length);
  const hits: number[] = [];
  let n = 0;
  let h = 0;
  let pendingSpace = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (space[c] === 1) {
      pendingSpace = n > 0;
      continue;
    }
    if (pendingSpace) {
      pendingSpace = false;
      out[n++] = 32;
      h = ((h << 1) + g[32]!) | 0;
      if (n >= GEAR_WIDTH && filter[(h ^ (h >>> FILTER_BITS)) & mask] === 1) hits.push(n - GEAR_WIDTH, h);
    }
    out[n++] = c;
    h = ((h << 1) + g[c]!) | 0;
    if (n >= GEAR_WIDTH && filter[(h ^ (h >>> FILTER_BITS)) & mask] === 1) hits.push(n - GEAR_WIDTH, h);
  }
  return { units: out.subarray(0, n), hits };
}

/** One rolling-hash pass over already-normalised units (for the shorter tiers, rarely needed). */
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

function confirmHits(
  units: Uint16Array,
  tier: Tier,
  hits: number[],
  needles: readonly Uint16Array[],
  found: boolean[],
) {
  for (let k = 0; k < hits.length; k += 2) {
    for (const index of tier.byHash.get(hits[k + 1]!) ?? []) {
      if (!found[index] && equalAt(units, hits[k]!, needles[index]!)) found[index] = true;
    }
  }
}

/**
 * Which of `needles` (normalised) occur in the normalised `context`. One loop over the context normalises it and
 * slides the longest window's rolling hash; shorter windows (rare) rescan the normalised units.
 */
export function findAll(context: string, needles: readonly Uint16Array[]): boolean[] {
  const found = needles.map((needle) => needle.length === 0);
  const tiers = buildTiers(needles, found);
  const first = tiers[0]?.width === GEAR_WIDTH ? tiers[0] : undefined;
  const { units, hits } = normalizeAndScan(context, first);
  if (first) confirmHits(units, first, hits, needles, found);
  for (const tier of tiers)
    if (tier !== first) confirmHits(units, tier, scanUnits(units, tier), needles, found);
  let text: string | undefined;
  needles.forEach((needle, index) => {
    if (found[index] || needle.length >= WINDOWS[WINDOWS.length - 1]!) return;
    text ??= unitsToString(units);
    found[index] = text.includes(unitsToString(needle));
  });
  return found;
}

/** Verifies items against a candidate context literally; the report lists ids only. */
export function verifyLiteral(items: readonly ProtectedItem[], context: string): VerificationReport {
  const found = findAll(
    context,
    items.map((item) => normalizedUnits(item.content)),
  );
  const report: VerificationReport = { preserved: [], lost: [], criticalFailures: [] };
  items.forEach((item, index) => {
    if (found[index]) report.preserved.push(item.id);
    else {
      report.lost.push(item.id);
      if (item.critical) report.criticalFailures.push(item.id);
    }
  });
  return report;
}
