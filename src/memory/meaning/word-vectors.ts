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

/** Bytes of one entry of the word index: the word padded with newlines to WORD_TEXT bytes, then its row (u32 LE). */
export const INDEX_ENTRY = 28;
const WORD_TEXT = 24;
/** Bytes of one packed row. */
export const ROW_BYTES = WORD_DIMS / 2;

/** The word index: every word with its row (its place in `words`), sorted by word, so a word is found by halving. */
export function encodeWordIndex(words: readonly string[]): Uint8Array {
  const order = words.map((word, row) => ({ word, row })).sort((x, y) => (x.word < y.word ? -1 : 1));
  const out = Buffer.alloc(order.length * INDEX_ENTRY, 10);
  order.forEach(({ word, row }, i) => {
    if (word.length >= WORD_TEXT || !WORD_PATTERN.test(word))
      throw new Error(`word ${JSON.stringify(word)} does not fit the index`);
    out.write(word, i * INDEX_ENTRY, "latin1");
    out.writeUInt32LE(row, i * INDEX_ENTRY + WORD_TEXT);
  });
  return out;
}

/** Index entries left to halve when the rest is read in one piece (14 KiB): one read instead of nine. */
const LAST_BLOCK = 512;

/** Reads `length` bytes at `offset` of one of the table's files (in pieces: a search needs a few of them). */
export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;

export function rangesInMemory(bytes: Uint8Array): RangeReader {
  return async (offset, length) => bytes.subarray(offset, offset + length);
}

/**
 * The table: a text's words are looked up and their rows read by `prepare` (async, a few small reads each);
 * `rankOf` and `row` then answer from what was prepared, so embedding stays synchronous.
 */
export interface WordTable {
  /** Words in the table (rows). */
  size: number;
  prepare(text: string): Promise<void>;
  /** A prepared word's row, which is also its frequency rank; undefined when the table lacks it. */
  rankOf(word: string): number | undefined;
  /** The packed row of a prepared rank (ROW_BYTES bytes). */
  row(rank: number): Uint8Array;
}

/** Every word a text may be looked up with: as written and with camelCase split (textWords decides which). */
function candidateWords(text: string): string[] {
  const whole = text.toLowerCase().match(WORDS_IN_TEXT) ?? [];
  const split =
    splitCamelCase(text, () => false)
      .toLowerCase()
      .match(WORDS_IN_TEXT) ?? [];
  return [...new Set([...whole, ...split])].filter((w) => !STOP_WORDS.has(w) && w.length < WORD_TEXT);
}

function entryWord(entry: Uint8Array): string {
  const end = entry.indexOf(10);
  return Buffer.from(entry.buffer, entry.byteOffset, end < 0 ? WORD_TEXT : Math.min(end, WORD_TEXT)).toString(
    "latin1",
  );
}

/**
 * The table over the word index (encodeWordIndex) and the packed rows, both read in pieces: no map of 100k words is
 * built and no file is read whole, which cost more than the rest of a memory search's start.
 */
export function decodeWordVectors(
  indexBytes: number,
  readIndex: RangeReader,
  readRows: RangeReader,
): WordTable {
  if (indexBytes % INDEX_ENTRY !== 0)
    throw new Error(`the word index is not whole ${INDEX_ENTRY}-byte entries`);
  const size = indexBytes / INDEX_ENTRY;
  const ranks = new Map<string, number | undefined>();
  const rows = new Map<number, Uint8Array>();
  const entries = new Map<number, Uint8Array>(); // the first halvings are the same for every word
  const entryAt = async (i: number): Promise<Uint8Array> => {
    const known = entries.get(i);
    if (known) return known;
    const entry = await readIndex(i * INDEX_ENTRY, INDEX_ENTRY);
    entries.set(i, entry);
    return entry;
  };
  const find = async (word: string): Promise<number | undefined> => {
    let lo = 0;
    let hi = size - 1;
    let block: Uint8Array | null = null; // the last entries, read in one piece from `first`
    let first = 0;
    while (lo <= hi) {
      if (!block && hi - lo < LAST_BLOCK) {
        first = lo;
        block = await readIndex(lo * INDEX_ENTRY, (hi - lo + 1) * INDEX_ENTRY);
      }
      const mid = (lo + hi) >> 1;
      const entry = block
        ? block.subarray((mid - first) * INDEX_ENTRY, (mid - first + 1) * INDEX_ENTRY)
        : await entryAt(mid);
      const at = entryWord(entry);
      if (at === word)
        return Buffer.from(entry.buffer, entry.byteOffset, INDEX_ENTRY).readUInt32LE(WORD_TEXT);
      if (at < word) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
  const prepare = async (text: string): Promise<void> => {
    for (const word of candidateWords(text)) {
      if (ranks.has(word)) continue;
      const rank = WORD_PATTERN.test(word) ? await find(word) : undefined;
      ranks.set(word, rank !== undefined && rank < size ? rank : undefined);
      if (rank !== undefined && !rows.has(rank)) rows.set(rank, await readRows(rank * ROW_BYTES, ROW_BYTES));
    }
  };
  const row = (rank: number): Uint8Array => {
    const bytes = rows.get(rank);
    if (!bytes) throw new Error(`keel bug: word vector row ${rank} was not prepared`);
    return bytes;
  };
  return { size, prepare, rankOf: (word) => ranks.get(word), row };
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
