// The word-vector table keel ships (assets/word-vectors/, derived by scripts/fixtures/word-vectors.ts): its
// format (4-bit dimensions, two to a byte, each row scaled by its largest magnitude) and the sentence vector
// built from it, a weighted mean of the vectors of a text's words where frequent words weigh less (SIF).
// Pure: bytes in, vectors out; reading the files is embedder.ts's job.
import { Buffer } from "node:buffer";

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

/** Characters of one word's slot in the word file: the word, then newlines up to this width. */
export const WORD_SLOT = 24;
/** Bytes of one packed row. */
export const ROW_BYTES = WORD_DIMS / 2;

/** The word file: word i at character i * WORD_SLOT, padded with newlines (so no index has to be built). */
export function encodeWordSlots(words: readonly string[]): Uint8Array {
  const text = words
    .map((w) => {
      if (w.length >= WORD_SLOT || !WORD_PATTERN.test(w))
        throw new Error(`word ${JSON.stringify(w)} does not fit a slot`);
      return w.padEnd(WORD_SLOT, "\n");
    })
    .join("");
  return Buffer.from(text, "latin1");
}

/** The table: each word's row number and the packed rows, unpacked only for the words a text uses. */
export interface WordTable {
  /** Words in the table (rows). */
  size: number;
  /** A word's row, which is also its frequency rank; undefined when the table lacks it. */
  rankOf(word: string): number | undefined;
  /** The packed row of a rank (ROW_BYTES bytes). */
  row(rank: number): Uint8Array;
}

/** Reads ROW_BYTES bytes of row `rank`; the embedder reads them from the file, tests from memory. */
export type RowReader = (rank: number) => Uint8Array;

export function rowsInMemory(bytes: Uint8Array): RowReader {
  return (rank) => bytes.subarray(rank * ROW_BYTES, (rank + 1) * ROW_BYTES);
}

/**
 * The table over the word file (encodeWordSlots) and a reader of rows. A word is found by one search of the
 * file's text and its row read alone: a search looks up a handful of words, and building a map of 100k words or
 * reading every row cost more than the rest of a memory search's start. Looked-up words are remembered.
 */
export function decodeWordVectors(slots: Uint8Array, rowBytes: number, readRow: RowReader): WordTable {
  if (slots.length % WORD_SLOT !== 0)
    throw new Error(`the word file is not whole ${WORD_SLOT}-character slots`);
  const size = slots.length / WORD_SLOT;
  if (rowBytes !== size * ROW_BYTES) throw new Error(`word vectors hold ${rowBytes} bytes for ${size} words`);
  const text = Buffer.from(slots.buffer, slots.byteOffset, slots.byteLength);
  const slotOf = (word: string): number => {
    if (text.toString("latin1", 0, word.length + 1) === `${word}\n`) return 0;
    const at = text.indexOf(`\n${word}\n`, 0, "latin1") + 1;
    return at > 0 && at % WORD_SLOT === 0 ? at / WORD_SLOT : -1;
  };
  const ranks = new Map<string, number | undefined>();
  const rows = new Map<number, Uint8Array>();
  const rankOf = (word: string): number | undefined => {
    if (ranks.has(word)) return ranks.get(word);
    const slot = word.length < WORD_SLOT && WORD_PATTERN.test(word) ? slotOf(word) : -1;
    const rank = slot >= 0 ? slot : undefined;
    ranks.set(word, rank);
    return rank;
  };
  const row = (rank: number): Uint8Array => {
    const known = rows.get(rank);
    if (known) return known;
    const bytes = readRow(rank);
    rows.set(rank, bytes);
    return bytes;
  };
  return { size, rankOf, row };
}

/** Adds weight times a word's unit-length row to out. */
function addRow(table: WordTable, rank: number, weight: number, out: Float32Array): void {
  const row = new Float32Array(WORD_DIMS);
  const packed = table.row(rank);
  let sum = 0;
  for (let d = 0, at = 0; d < WORD_DIMS; d += 2, at++) {
    const byte = packed[at]!;
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
  const logSize = Math.log(table.size);
  for (const word of textWords(text, (w) => table.rankOf(w) !== undefined)) {
    const rank = table.rankOf(word);
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
