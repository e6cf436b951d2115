// The shipped word-vector table: its 4-bit format round-trips, texts split into the words it is looked up with,
// and the real asset puts a paraphrase nearer its record than an unrelated one (no shared content word).
import { describe, expect, it } from "vitest";
import { loadEmbedder } from "../../src/memory/meaning/embedder.ts";
import { cosine } from "../../src/memory/meaning/vectors.ts";
import {
  decodeWordVectors,
  embedWords,
  encodeWordSlots,
  encodeWordVectors,
  rowsInMemory,
  textWords,
  WORD_DIMS,
} from "../../src/memory/meaning/word-vectors.ts";

const row = (f: (d: number) => number) => Array.from({ length: WORD_DIMS }, (_, d) => f(d));

const tableOf = (words: string[], bytes: Uint8Array) =>
  decodeWordVectors(encodeWordSlots(words), bytes.length, rowsInMemory(bytes));

describe("word-vector format", () => {
  it("keeps each row's direction through 4-bit packing", () => {
    const rows = [row((d) => Math.sin(d + 1)), row((d) => (d % 3) - 1), row((d) => (d === 7 ? -2 : 0.01))];
    const table = tableOf(["alpha", "beta", "gamma"], encodeWordVectors(rows));
    for (const [i, word] of ["alpha", "beta", "gamma"].entries()) {
      const back = embedWords(table, word);
      expect(cosine(back, Float32Array.from(rows[i]!))).toBeGreaterThan(0.97);
    }
  });

  it("refuses bytes that do not fit the word list", () => {
    expect(() => tableOf(["a", "b"], new Uint8Array(WORD_DIMS / 2))).toThrow(/50 bytes for 2 words/);
    expect(() =>
      decodeWordVectors(new TextEncoder().encode("a\n"), 50, rowsInMemory(new Uint8Array(50))),
    ).toThrow(/slots/);
  });

  it("splits camelCase, lowers case and drops stop words; unknown words give a zero vector", () => {
    expect(textWords("How do we store moneyAsCents in the DB?")).toEqual(["store", "money", "cents", "db"]);
    const known = (w: string) => w === "typescript";
    expect(textWords("TypeScript, priceCents", known)).toEqual(["typescript", "price", "cents"]);
    const table = tableOf(["alpha"], encodeWordVectors([row(() => 1)]));
    expect([...embedWords(table, "the zzzz")].every((x) => x === 0)).toBe(true);
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

  it("finds each word's row by its line, whole words only", () => {
    const words = ["alphabeta", "beta", "alpha", "gamma"];
    const table = tableOf(words, new Uint8Array((words.length * WORD_DIMS) / 2));
    expect(table.size).toBe(4);
    expect(words.map((w) => table.rankOf(w))).toEqual([0, 1, 2, 3]);
    for (const missing of ["alph", "lphabeta", "bet", "gamma\nbeta", "delta", "", "x".repeat(30)])
      expect(table.rankOf(missing)).toBeUndefined();
  });
});
