// The literal verifier: an item is preserved when its text, case- and whitespace-normalised, occurs in the
// normalised candidate context. The context is normalised once into code units and scanned once with a rolling
// hash over the items' leading windows, so 1,000 items against 1 MB cost one pass, not one pass per item.
// Semantics match `context.replace(/\s+/gu, " ").trim().toLowerCase().includes(item normalised the same way)`.
import type { ProtectedItem, VerificationReport } from "./types.ts";

/** Leading-window sizes, longest first: long items hash a long window so repetitive text yields few false hits. */
const WINDOWS = [32, 8] as const;
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
      const h = hashWindow(needle, width);
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
 * Lower-cases and collapses whitespace (as normalizedUnits) while sliding `tier`'s rolling hash in the same
 * loop. The output starts with `width` zero units of padding so the unit leaving the window is always readable;
 * hit positions are given in unpadded coordinates (negative ones overlap the padding and never confirm).
 */
function normalizeAndScan(context: string, tier: Tier | undefined): { units: Uint16Array; hits: number[] } {
  const lower = context.toLowerCase();
  const space = spaces();
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
    if (space[c] === 1) {
      pendingSpace = n > width;
      continue;
    }
    if (pendingSpace) {
      pendingSpace = false;
      out[n] = 32;
      h = (Math.imul(h - Math.imul(out[n - width]!, power), BASE) + 32) | 0;
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
  const first = tiers[0]?.width === WINDOWS[0] ? tiers[0] : undefined;
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
