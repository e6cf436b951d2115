// The literal verifier: an item is preserved when its text, case- and whitespace-normalised, occurs in the
// normalised candidate context. Semantics match `context.replace(/\s+/gu, " ").trim().toLowerCase().includes(
// item normalised the same way)`. When all items are long enough they are found by sampling the raw context
// (sampled-scan.ts); otherwise one full pass over the normalised context finds them all (full-scan.ts). Text
// so repetitive that either drowns in candidates is finished by an Aho-Corasick automaton (automaton.ts).
import type { ProtectedItem, VerificationReport } from "../types.ts";
import { automatonFind } from "./automaton.ts";
import { SPACE, unitsToString, unitTable } from "./code-units.ts";
import { fullFind } from "./full-scan.ts";
import { sampleable, sampledFind } from "./sampled-scan.ts";

/** Capital sigma (lower-cased by context), capital dotted I (two units) and surrogates (pairs). */
const NEEDS_WHOLE_STRING = /[\u0130\u03a3\ud800-\udfff]/;

/** Lower-cased code units with every whitespace run collapsed to one space and both ends trimmed. */
export function normalizedUnits(text: string): Uint16Array {
  // The unit table lower-cases one unit at a time, which is exact except for the units above.
  const byTable = !NEEDS_WHOLE_STRING.test(text);
  const source = byTable ? text : text.toLowerCase();
  const table = unitTable();
  const out = new Uint16Array(source.length);
  let n = 0;
  let pendingSpace = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    const u = byTable ? table[c]! : c;
    if (table[c] !== SPACE) {
      if (pendingSpace) {
        out[n++] = SPACE;
        pendingSpace = false;
      }
      out[n++] = u;
    } else pendingSpace = n > 0;
  }
  return out.subarray(0, n);
}

/** The normalised text as a string (the verifier's notion of equality, exposed for tests and callers). */
export function normalizeText(text: string): string {
  return unitsToString(normalizedUnits(text));
}

/**
 * Which of `needles` (normalised) occur in the normalised `context`. When every needle can be sampled, the scan
 * reads a fraction of the context; should repetitive text flood it with candidates, the automaton finishes on
 * the normalised context. Otherwise one full pass takes all needles (it costs the same with more of them),
 * itself handing over to the automaton if candidates flood it.
 */
export function findAll(context: string, needles: readonly Uint16Array[]): boolean[] {
  const found = needles.map((needle) => needle.length === 0);
  const wanted = needles.flatMap((_, index) => (found[index] ? [] : [index]));
  if (!wanted.every((index) => sampleable(needles[index]!))) fullFind(context, needles, wanted, found);
  else if (!sampledFind(context, needles, wanted, found))
    automatonFind(normalizedUnits(context), needles, wanted, found);
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
