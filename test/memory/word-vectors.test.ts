// The shipped word-vector table: its 4-bit format round-trips, texts split into the words it is looked up with,
// and the real asset puts a paraphrase nearer its record than an unrelated one (no shared content word).
import { describe, expect, it } from "vitest";
import { loadEmbedder } from "../../src/memory/meaning/embedder.ts";
import { cosine } from "../../src/memory/meaning/vectors.ts";
import {
  decodeWordVectors,
  embedWords,
  encodeWordIndex,
  encodeWordVectors,
  INDEX_ENTRY,
  rangesInMemory,
  textWords,
  WORD_DIMS,
} from "../../src/memory/meaning/word-vectors.ts";

const row = (f: (d: number) => number) => Array.from({ length: WORD_DIMS }, (_, d) => f(d));

const tableOf = (words: string[], bytes: Uint8Array) => {
  const index = encodeWordIndex(words);
  return decodeWordVectors(index.length, rangesInMemory(index), rangesInMemory(bytes));
};

describe("word-vector format", () => {
  it("keeps each row's direction through 4-bit packing", async () => {
    const rows = [row((d) => Math.sin(d + 1)), row((d) => (d % 3) - 1), row((d) => (d === 7 ? -2 : 0.01))];
    const table = tableOf(["alpha", "beta", "gamma"], encodeWordVectors(rows));
    for (const [i, word] of ["alpha", "beta", "gamma"].entries()) {
      await table.prepare(word);
      const back = embedWords(table, word);
      expect(cosine(back, Float32Array.from(rows[i]!))).toBeGreaterThan(0.97);
    }
  });

  it("refuses an index that is not whole entries and words that do not fit one", () => {
    expect(() =>
      decodeWordVectors(INDEX_ENTRY + 1, rangesInMemory(new Uint8Array()), rangesInMemory(new Uint8Array())),
    ).toThrow(/whole/);
    expect(() => encodeWordIndex(["x".repeat(24)])).toThrow(/does not fit/);
  });

  it("splits camelCase, lowers case and drops stop words; unknown words give a zero vector", async () => {
    expect(textWords("How do we store moneyAsCents in the DB?")).toEqual(["store", "money", "cents", "db"]);
    const known = (w: string) => w === "typescript";
    expect(textWords("TypeScript, priceCents", known)).toEqual(["typescript", "price", "cents"]);
    const table = tableOf(["alpha"], encodeWordVectors([row(() => 1)]));
    await table.prepare("the zzzz");
    expect([...embedWords(table, "the zzzz")].every((x) => x === 0)).toBe(true);
  });

  it("finds each word's row by halving the sorted index, whole words only", async () => {
    const words = ["alphabeta", "beta", "alpha", "gamma", "a1", "zed", "b'c"];
    const table = tableOf(words, new Uint8Array((words.length * WORD_DIMS) / 2));
    expect(table.size).toBe(words.length);
    await table.prepare(words.join(" "));
    expect(words.map((w) => table.rankOf(w))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const missing = ["alph", "lphabeta", "bet", "delta", "zzz", "aa"];
    await table.prepare(missing.join(" "));
    for (const word of missing) expect(table.rankOf(word)).toBeUndefined();
  });

  it("finds every word of a table larger than the last block it reads in one piece", async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${((i * 7919) % 3000).toString(36)}x`);
    const table = tableOf(words, new Uint8Array((words.length * WORD_DIMS) / 2));
    await table.prepare(words.join(" "));
    expect(words.every((w, i) => table.rankOf(w) === i)).toBe(true);
    const missing = ["w", "wx", "a", "zz", "w0", ...words.slice(0, 50).map((w) => `${w}y`)];
    await table.prepare(missing.join(" "));
    expect(missing.filter((w) => table.rankOf(w) !== undefined)).toEqual([]);
  });
});

describe("the shipped word vectors", () => {
  it("load, embed at the model's size, and rank a paraphrase above an unrelated record", async () => {
    const embedder = await loadEmbedder();
    if (!embedder.ok) throw new Error(embedder.reason);
    const [record, paraphrase, unrelated] = await embedder.value.embed([
      "Money. Store money as integer cents.",
      "how do we keep prices, as decimals or whole numbers?",
      "Browser tests. End-to-end tests use Playwright.",
    ]);
    expect(record!.length).toBe(embedder.value.dims);
    expect(embedder.value.dims).toBeGreaterThan(WORD_DIMS);
    expect(cosine(record!, paraphrase!)).toBeGreaterThan(cosine(unrelated!, paraphrase!) + 0.1);
  });
});
