// The one parser for whole-number arguments and options: plain decimal digits inside a stated range, or a
// usage error (exit 2) that names the flag, the valid range and the value given. Commander calls `intOption`.
import { UserError } from "../core/errors.ts";

export interface IntRange {
  min: number;
  max: number;
}

/** At most 15 digits, so every accepted value is a safe integer before the range check. */
const DIGITS = /^\d{1,15}$/;

export function parseInteger(name: string, value: string, range: IntRange): number {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  const parsed = DIGITS.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= range.min && parsed <= range.max))
    throw new UserError(
      `${name} needs a whole number from ${range.min} to ${range.max}, got ${JSON.stringify(shown)}`,
    );
  return parsed;
}

/** A commander argument parser: `.option("-n, --limit <count>", "…", intOption("--limit", range), 10)`. */
export const intOption =
  (name: string, range: IntRange) =>
  (value: string): number =>
    parseInteger(name, value, range);

/** Commander's accumulator for a repeatable option. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Ranges shared by several commands. */
export const LIST_LIMIT: IntRange = { min: 1, max: 1000 };
export const BYTES: IntRange = { min: 0, max: 2 ** 40 };
