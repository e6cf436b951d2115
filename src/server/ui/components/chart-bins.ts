// Pure helpers for the dashboard's charts: points grouped into at most a few dozen bins in time order (so a chart
// reads the same with 1 or 1,000 points), round axis maxima, and time labels that suit the span shown.

export const MAX_BINS = 40;

export interface Bin<T> {
  from: number;
  to: number;
  items: T[];
}

/** Consecutive groups of about equal size, oldest first; one bin per item when there are few. */
export function binInOrder<T>(items: readonly T[], at: (item: T) => number, maxBins = MAX_BINS): Bin<T>[] {
  const size = Math.max(1, Math.ceil(items.length / maxBins));
  const bins: Bin<T>[] = [];
  for (let i = 0; i < items.length; i += size) {
    const group = items.slice(i, i + size);
    bins.push({ from: at(group[0] as T), to: at(group.at(-1) as T), items: group });
  }
  return bins;
}

/** The smallest 1, 2 or 5 × 10^k at or above `value` (at least 1). */
export function roundUp(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** A short local time label: the hour within a day, the day within two months, else the month. */
export function timeLabel(at: number, span: number): string {
  const d = new Date(at);
  if (span < 86_400_000) return `${two(d.getHours())}:${two(d.getMinutes())}`;
  if (span < 62 * 86_400_000) return `${MONTHS[d.getMonth()]} ${d.getDate()}`;
  return `${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** Which bins carry an axis label: about five, evenly spread, the first and last included. */
export function labelledIndexes(count: number, wanted = 5): number[] {
  if (count <= wanted) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (wanted - 1);
  return Array.from({ length: wanted }, (_, i) => Math.round(i * step));
}

/** A short axis figure: 950, 12k, 1.5M. */
export function shortCount(value: number): string {
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (value >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (value >= 1_000) return `${trim(value / 1_000)}k`;
  return String(Math.round(value));
}
