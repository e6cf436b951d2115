// The checkpoint size cap: turns a setting into a character budget and trims span lines to fit, in order:
// (1) non-user lines, oldest first; (2) long user lines to marked prefix stubs, oldest first; (3) the oldest
// remaining lines. Every run of removed lines leaves a gap marker where it stood, and the markers count against
// the budget. One pass per stage over a running total, so trimming is linear in the number of lines.
import { ok, type Result } from "../../core/result.ts";
import { type CapSetting, CHARS_PER_TOKEN, type SavedSpan } from "./types.ts";

/** The conversation-line budget never drops below this many characters. */
export const MIN_LINE_BUDGET = 500;
/** How much of a long user message a stub keeps. */
export const USER_STUB_CHARS = 200;
/** The line left where one or more consecutive lines were removed. */
export const GAP_MARKER = "[… trimmed here]";

export type CapParse = Result<CapSetting>;

/** Parses `off`, `<n>`, `<n>chars`, `<n>c`, `<n>tokens`, `<n>t` or `<n>%`. */
export function parseCap(text: string): CapParse {
  const value = text.trim().toLowerCase();
  if (value === "off" || value === "none" || value === "0") return ok({ unit: "off" });
  const match = /^(\d+(?:\.\d+)?)\s*(chars?|c|tokens?|t|%)?$/.exec(value);
  if (!match) return { ok: false, reason: `cannot read cap "${text}": use off, <n>chars, <n>tokens or <n>%` };
  const amount = Number(match[1]);
  const unit = match[2] ?? "chars";
  if (unit === "%") {
    if (amount <= 0 || amount > 100)
      return { ok: false, reason: `a percent cap must be between 0 and 100, got ${amount}` };
    return ok({ unit: "percent", value: amount });
  }
  return ok({ unit: unit.startsWith("t") ? "tokens" : "chars", value: Math.floor(amount) });
}

export type BudgetResult = Result<number | null>;

/** The whole-checkpoint limit in characters, or null when the cap is off. */
export function capLimitChars(cap: CapSetting, contextWindow?: number): BudgetResult {
  if (cap.unit === "off") return ok(null);
  if (cap.unit === "chars") return ok(cap.value);
  if (cap.unit === "tokens") return ok(cap.value * CHARS_PER_TOKEN);
  if (!contextWindow || contextWindow <= 0) {
    return { ok: false, reason: "a percent cap needs the model's context window (--window <tokens>)" };
  }
  return ok(Math.floor((contextWindow * cap.value) / 100) * CHARS_PER_TOKEN);
}

/** A span after capping: the lines to print and whether the cap changed it. */
export interface CappedSpan {
  span: SavedSpan;
  lines: string[];
  trimmed: boolean;
}

export interface TrimResult {
  spans: CappedSpan[];
  removed: number;
  stubbed: number;
  /** Characters of line text (each line counted with its newline) after trimming. */
  lineChars: number;
}

interface Item {
  span: number;
  user: boolean;
  text: string;
  entryId: string;
  alive: boolean;
}

/** Trims span lines to `budget` characters (null: no cap), marking every span it changes. */
export function trimSpans(spans: readonly SavedSpan[], budget: number | null): TrimResult {
  if (budget === null || lineCharsOf(spans) <= budget) return untrimmed(spans);
  const items: Item[] = [];
  let total = 0;
  spans.forEach((span, s) => {
    for (const line of span.lines) {
      items.push({
        span: s,
        user: line.kind === "user",
        text: line.text,
        entryId: line.entryId,
        alive: true,
      });
      total += line.text.length + 1;
    }
  });
  const changed = new Set<number>();
  let removed = 0;
  let stubbed = 0;
  if (budget !== null) {
    const dead = (at: number, span: number) => items[at]?.span === span && !items[at]!.alive;
    const drop = (at: number) => {
      const item = items[at]!;
      item.alive = false;
      total -= item.text.length + 1;
      // A new gap costs a marker line; closing the space between two gaps saves one.
      const before = dead(at - 1, item.span);
      const after = dead(at + 1, item.span);
      if (!before && !after) total += GAP_MARKER.length + 1;
      else if (before && after) total -= GAP_MARKER.length + 1;
      changed.add(item.span);
      removed++;
    };
    for (let at = 0; at < items.length; at++) {
      if (total <= budget) break;
      if (!items[at]!.user) drop(at);
    }
    for (const item of items) {
      if (total <= budget) break;
      if (!item.alive || item.text.length <= USER_STUB_CHARS + 80) continue;
      const stub = `${item.text.slice(0, USER_STUB_CHARS)}…[trimmed +${item.text.length - USER_STUB_CHARS} chars; full text: keel_entry ${item.entryId}]`;
      total -= item.text.length - stub.length;
      item.text = stub;
      changed.add(item.span);
      stubbed++;
    }
    for (let at = 0; at < items.length; at++) {
      if (total <= budget) break;
      if (items[at]!.alive) drop(at);
    }
  }
  return { spans: cappedSpans(spans, items, changed), removed, stubbed, lineChars: total };
}

/** The surviving lines of each span, with a gap marker for every run of removed ones (none in a span left empty). */
function cappedSpans(
  spans: readonly SavedSpan[],
  items: readonly Item[],
  changed: Set<number>,
): CappedSpan[] {
  const lines: string[][] = spans.map(() => []);
  const alive = new Set(items.filter((item) => item.alive).map((item) => item.span));
  items.forEach((item, at) => {
    if (item.alive) lines[item.span]!.push(item.text);
    else if (alive.has(item.span) && (items[at - 1]?.span !== item.span || items[at - 1]!.alive))
      lines[item.span]!.push(GAP_MARKER);
  });
  return spans.map((span, s) => ({ span, lines: lines[s]!, trimmed: changed.has(s) }));
}

/** No trimming needed (cap off, or every line fits): each span's lines as they are, nothing marked. */
function untrimmed(spans: readonly SavedSpan[]): TrimResult {
  const capped = spans.map((span) => ({ span, lines: span.lines.map((line) => line.text), trimmed: false }));
  return { spans: capped, removed: 0, stubbed: 0, lineChars: lineCharsOf(spans) };
}

function lineCharsOf(spans: readonly SavedSpan[]): number {
  let total = 0;
  for (const span of spans) for (const line of span.lines) total += line.text.length + 1;
  return total;
}
