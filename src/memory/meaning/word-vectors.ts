// The word-vector table keel ships (assets/word-vectors/, derived by scripts/fixtures/word-vectors.ts): its
// format (4-bit dimensions, two to a byte, each row scaled by its largest magnitude) and the sentence vector
// built from it, a weighted mean of the vectors of a text's words where frequent words weigh less (SIF).
// Pure: bytes in, vectors out; reading the files is embedder.ts's job.

export const WORD_DIMS = 100;
/** Words kept from the package, most frequent first. */
export const WORD_LIMIT = 100_000;
/** The words a text is split into (and the only ones the table keeps). */
export const WORD_PATTERN = /^[a-z0-9]+(?:'[a-z]+)?$/;
const WORDS_IN_TEXT = /[a-z0-9]+(?:'[a-z]+)?/g;
const LEVELS = 7; // a dimension is stored as -7..7, plus 8
/** Weight a/(a+p) with p the word's probability estimated from its frequency rank (Zipf). */
const SMOOTHING = 1e-3;

const STOP_WORDS = new Set(
  (
    "a an the of to and or in on for with is are be was were do does did how what which who whom when where why " +
    "should we our us i you it this that these those as at by from can could would will shall may might must not " +
    "no yes if then than so there their them they he she his her its my me your any some all each more most into " +
    "out up about over under again also just only own same too very s t don have has had having been being am"
  ).split(" "),
);

/** Rows of WORD_DIMS numbers as bytes: each row unit length, then quantized to 4 bits a dimension. */
export function encodeWordVectors(rows: number[][]): Uint8Array {
  const bytes = new Uint8Array((rows.length * WORD_DIMS) / 2);
  for (const [r, row] of rows.entries()) {
    const peak = Math.max(...row.map(Math.abs)) || 1;
    for (let d = 0; d < WORD_DIMS; d++) {
      const level = Math.round((row[d]! / peak) * LEVELS) + 8;
      const at = (r * WORD_DIMS + d) >> 1;
      bytes[at] = d % 2 === 0 ? level : bytes[at]! | (level << 4);
    }
  }
  return bytes;
}

/** The table: each word's row number and the packed rows, unpacked only for the words a text uses. */
export interface WordTable {
  index: Map<string, number>;
  bytes: Uint8Array;
}

export function decodeWordVectors(words: string[], bytes: Uint8Array): WordTable {
  if (bytes.length !== (words.length * WORD_DIMS) / 2)
    throw new Error(`word vectors hold ${bytes.length} bytes for ${words.length} words`);
  const index = new Map<string, number>();
  for (let i = 0; i < words.length; i++) index.set(words[i]!, i);
  return { index, bytes };
}

/** Adds weight times a word's unit-length row to out. */
function addRow(table: WordTable, rank: number, weight: number, out: Float32Array): void {
  const row = new Float32Array(WORD_DIMS);
  let sum = 0;
  for (let d = 0, at = (rank * WORD_DIMS) / 2; d < WORD_DIMS; d += 2, at++) {
    const byte = table.bytes[at]!;
    row[d] = (byte & 15) - 8;
    row[d + 1] = (byte >> 4) - 8;
    sum += row[d]! * row[d]! + row[d + 1]! * row[d + 1]!;
  }
  if (sum === 0) return;
  const scale = weight / Math.sqrt(sum);
  for (let d = 0; d < WORD_DIMS; d++) out[d]! += scale * row[d]!;
}

/** A camelCase word ("TypeScript", "priceCents") is split into its parts unless `known` has it whole. */
export function splitCamelCase(text: string, known: (word: string) => boolean): string {
  return text.replace(/\b[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g, (word) =>
    known(word.toLowerCase()) ? word : word.replace(/([a-z0-9])([A-Z])/g, "$1 $2"),
  );
}

/** The words of a text the table is looked up with: camelCase split (splitCamelCase), lower case, no stop words. */
export function textWords(text: string, known: (word: string) => boolean = () => false): string[] {
  const split = splitCamelCase(text, known);
  const lowered = split.toLowerCase();
  return (lowered.match(WORDS_IN_TEXT) ?? []).filter((w) => !STOP_WORDS.has(w));
}

/** A text's unit-length vector; all zeros when none of its words is in the table. */
export function embedWords(table: WordTable, text: string): Float32Array {
  const out = new Float32Array(WORD_DIMS);
  const logSize = Math.log(table.index.size);
  for (const word of textWords(text, (w) => table.index.has(w))) {
    const rank = table.index.get(word);
    if (rank === undefined) continue;
    const probability = 1 / ((rank + 10) * logSize);
    addRow(table, rank, SMOOTHING / (SMOOTHING + probability), out);
  }
  return normalize(out);
}

function normalize(v: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (norm === 0) return v;
  norm = Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
