// The concept lexicon: longest phrase wins (polysemy), generic groups weigh less, and the composed vector puts a
// paraphrase that shares no word with its record above an unrelated record.
import { describe, expect, it } from "vitest";
import {
  buildConcepts,
  buildConceptTable,
  conceptTable,
  textConcepts,
} from "../../src/memory/meaning/concepts.ts";
import built from "../../src/memory/meaning/lexicon/built.json" with { type: "json" };
import { LEXICON } from "../../src/memory/meaning/lexicon/index.ts";

const table = buildConceptTable([
  "identifier, id, key, primary key",
  "credential, api key, token, secret",
  "~change, changed, edit",
  "money, price, prices, cents",
]);

describe("concepts in a text", () => {
  it("a phrase counts for its own group only, not for the groups of its words", () => {
    expect([...textConcepts(table, "Rotate the API key monthly").keys()]).toEqual([1]);
    expect([...textConcepts(table, "the key of each row").keys()]).toEqual([0]);
  });

  it("matches by stem and in camelCase, and counts a group once", () => {
    const found = textConcepts(table, "Prices in cents; priceCents column");
    expect([...found.entries()]).toEqual([[3, 1]]);
  });

  it("a generic group weighs less than a specific one", () => {
    const found = textConcepts(table, "changed the price");
    expect(found.get(2)).toBeLessThan(found.get(3)!);
  });

  it("a word in two groups counts a share in each", () => {
    const shared = buildConceptTable(["release, ship", "boat, ship"]);
    expect(textConcepts(shared, "ship")).toEqual(
      new Map([
        [0, 0.5],
        [1, 0.5],
      ]),
    );
  });

  it("a product name in camelCase is one word, and a word as written wins over a stem it shares", () => {
    const shipped = conceptTable();
    const groupsOf = (text: string) => [...textConcepts(shipped, text).keys()].sort();
    expect(groupsOf("GitHub Actions")).toEqual(groupsOf("continuous integration"));
    expect(groupsOf("iOS")).toEqual(groupsOf("android"));
    expect(groupsOf("priceCents")).toEqual(groupsOf("price cents"));
  });

  it("the shipped lexicon links a question in other words to its record, and nothing to an unrelated one", () => {
    const shipped = conceptTable();
    const record = textConcepts(shipped, "Store money as integer cents; never use floating point.");
    const question = textConcepts(shipped, "how do we keep prices, as decimals or whole numbers?");
    const unrelated = textConcepts(shipped, "Branches are named type/short-description.");
    const shared = (a: Map<number, number>, b: Map<number, number>) => [...a.keys()].filter((k) => b.has(k));
    expect(shared(record, question).length).toBeGreaterThanOrEqual(2);
    expect(shared(unrelated, question)).toEqual([]);
  });

  it("every phrase of the shipped table is found by halving, with its groups, and a phrase between two is not", () => {
    const shipped = conceptTable();
    for (const [lines, lookup] of [
      [built.exact, shipped.exact],
      [built.stemmed, shipped.stemmed],
    ] as const) {
      const entries = lines.split("\n").map((line) => line.split("\t") as [string, string]);
      expect(entries.length).toBeGreaterThan(1000);
      for (const [phrase, groups] of entries) {
        expect(lookup(phrase)).toEqual(groups.split(",").map(Number));
        expect(lookup(`${phrase}#`)).toBeUndefined();
      }
      expect(lookup("")).toBeUndefined();
      expect(lookup("zzzz zzzz")).toBeUndefined();
    }
  });

  it("the shipped table is the lexicon as built now (run scripts/fixtures/concept-table.ts after editing it)", () => {
    expect(built).toEqual(buildConcepts(LEXICON));
  });
});
