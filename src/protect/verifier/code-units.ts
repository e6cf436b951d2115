// The verifier's per-code-unit view of text: one table giving each UTF-16 unit its normalised form (whitespace
// becomes a space, letters their lower case), shared by the full and the sampled scan.

export const SPACE = 32;
export const SIGMA = 0x3c3;
export const FINAL_SIGMA = 0x3c2;
export const COMBINING_DOT = 0x307;

let table: Uint16Array | undefined;
/**
 * Each UTF-16 code unit's normalised form: whitespace (as `\s` defines it) becomes a space, everything else its
 * lower case. The three places where lower-casing is not one unit per unit are mapped so they never equal a
 * unit they could stand for: capital sigma (lower-cased by context) to σ, capital dotted I (two units) to the
 * combining dot, surrogates to themselves. Callers that need exact answers for those avoid them (see
 * `sampleable`) or lower-case the whole string first.
 */
export function unitTable(): Uint16Array {
  if (!table) {
    table = new Uint16Array(65536);
    for (let c = 0; c < 65536; c++) {
      const char = String.fromCharCode(c);
      const lower = char.toLowerCase();
      if (/^\s$/u.test(char)) table[c] = SPACE;
      else if (c >= 0xd800 && c <= 0xdfff) table[c] = c;
      else if (c === 0x3a3) table[c] = SIGMA;
      else table[c] = lower.length === 1 ? lower.charCodeAt(0) : COMBINING_DOT;
    }
  }
  return table;
}

/** Code units back to a string, in chunks small enough for the argument limit. */
export function unitsToString(units: Uint16Array): string {
  let out = "";
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}
