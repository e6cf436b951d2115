// The literal verifier agrees with the plain definition (normalise both sides, then substring search) on
// random and edge-case inputs, including Unicode whitespace, case folding and items of every window tier.
import { describe, expect, it } from "vitest";
import type { ProtectedItem } from "../../src/protect/types.ts";
import { automatonFind } from "../../src/protect/verifier/automaton.ts";
import { sampleable } from "../../src/protect/verifier/sampled-scan.ts";
import { normalizedUnits, normalizeText, verifyLiteral } from "../../src/protect/verifier/verify.ts";

const reference = (text: string) => text.replace(/\s+/gu, " ").trim().toLowerCase();
const item = (id: string, content: string, critical = false): ProtectedItem => ({
  id,
  kind: "fact",
  content,
  critical,
});

describe("literal verifier", () => {
  it("normalises like the plain definition", () => {
    for (const text of ["  A\u00a0 B\n\tC  ", "İstanbul\u2003X", "\ufeffhead  tail\u3000", ""])
      expect(normalizeText(text)).toBe(reference(text));
  });

  it("finds case- and whitespace-variant copies and reports lost critical items", () => {
    const context = "System prompt.\n\nKEEP   phpstan\npassing before completing the change. Short ok.";
    const report = verifyLiteral(
      [
        item("a", "Keep phpstan passing before completing the change.", true),
        item("b", "Preserve the public API unless a change is explicitly requested.", true),
        item("c", "short OK"),
        item("d", "ok"),
        item("e", "Preserve the public API", false),
      ],
      context,
    );
    expect(report).toEqual({ preserved: ["a", "c", "d"], lost: ["b", "e"], criticalFailures: ["b"] });
  });

  it("lower-cases capital sigma by its place in the word, as toLowerCase does", () => {
    const context = "The road is called ΟΔΟΣ and it leads to the harbour past the old mill.";
    const found = (content: string) => verifyLiteral([item("x", content)], context).preserved.length === 1;
    expect(found("ΟΔΟΣ AND IT LEADS TO THE HARBOUR")).toBe(true);
    expect(found("οδος and it leads to the harbour")).toBe(true);
    expect(found("οδοσ and it leads to the harbour")).toBe(false);
  });

  it("agrees with the reference on random texts", () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ["a", "B", "c", " ", "\n", "\t", "\u00a0", "d", "E", "x", "İ", "."];
    const randomText = (length: number) =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]).join("");
    for (let round = 0; round < 200; round++) {
      const context = randomText(200 + random(400));
      const items = Array.from({ length: 30 }, (_, i) => {
        const fromContext = random(2) === 0;
        const length = 1 + random(60);
        const start = random(Math.max(1, context.length - length));
        return item(
          `i${i}`,
          fromContext ? context.slice(start, start + length).toUpperCase() : randomText(length),
        );
      });
      const expected = items
        .filter((it) => reference(context).includes(reference(it.content)))
        .map((it) => it.id);
      expect(verifyLiteral(items, context).preserved).toEqual(expected);
    }
  });

  it("agrees with the reference when long items are found by sampling the raw context", () => {
    let seed = 23;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    // Few letters and long whitespace runs: grams repeat, runs straddle samples, and case mappings that are not
    // one unit per unit (Σ by context, İ into two units, astral letters as surrogate pairs) sit next to them.
    const common = ["a", "B", " ", "   ", "\n\t ", "\u3000", "i", "."];
    const rare = ["Σ", "σ", "ς", "İ", "\u0307", "𐐀", "𐐨"];
    const withRare = [...Array.from({ length: 30 }, () => common).flat(), ...rare];
    let alphabet = common;
    const randomText = (length: number) =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]).join("");
    let sampledHits = 0;
    for (let round = 0; round < 200; round++) {
      alphabet = round % 4 < 2 ? common : withRare;
      const context = `${random(2) ? "  " : ""}${randomText(300 + random(2500))}${random(2) ? " \n" : ""}`;
      const drawn = Array.from({ length: 40 }, (_, i) => {
        const length = 15 + random(150);
        const start = random(Math.max(1, context.length - length));
        const copy = context.slice(start, start + length);
        const content = [copy.toUpperCase(), copy.replace(/ +/g, " "), randomText(length / 3)][random(3)]!;
        return item(`i${i}`, content);
      });
      // Odd rounds keep only items the sampled scan can take, so the whole round runs on it.
      const items = round % 2 === 0 ? drawn : drawn.filter((it) => sampleable(normalizedUnits(it.content)));
      const expected = items
        .filter((it) => reference(context).includes(reference(it.content)))
        .map((it) => it.id);
      if (round % 2 === 1) sampledHits += expected.length;
      expect(verifyLiteral(items, context).preserved).toEqual(expected);
    }
    expect(sampledHits).toBeGreaterThan(500);
  });

  it("finds a long item at every alignment with the sampling strides, around every length bound", () => {
    const filler = "lorem ipsum dolor sit amet consectetur ".repeat(6);
    for (let length = 12; length <= 48; length++) {
      const needle = "Zq9 Xw7 Vu5 Ts3 Rp1 On8 Ml6 Kj4 Hg2 Fe0 Dc9 Ba7".slice(0, length).trimEnd();
      for (let at = 0; at < 80; at++) {
        for (const copy of [needle.toLowerCase(), needle.replace(/ /g, "\n  ")]) {
          const context = `${filler.slice(0, at)}${copy}${filler}`;
          const report = verifyLiteral([item("n", needle), item("absent", `${needle}!`)], context);
          expect({ length, at, preserved: report.preserved }).toEqual({ length, at, preserved: ["n"] });
        }
      }
    }
  });
});

describe("verifier fallback for repetitive text", () => {
  const units = (text: string) => Uint16Array.from(text, (c) => c.charCodeAt(0));

  it("the automaton agrees with substring search, for nested, overlapping and repeated needles", () => {
    let seed = 5;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const text = (length: number) => Array.from({ length }, () => "ab c"[random(4)]).join("");
    for (let round = 0; round < 300; round++) {
      const haystack = text(random(400));
      const needles = Array.from({ length: 1 + random(30) }, () => {
        const start = random(Math.max(1, haystack.length));
        return random(3) === 0 ? text(1 + random(12)) : haystack.slice(start, start + 1 + random(20));
      });
      const found = needles.map(() => false);
      automatonFind(
        units(haystack),
        needles.map(units),
        needles.map((_, i) => i),
        found,
      );
      expect(found).toEqual(needles.map((needle) => needle.length > 0 && haystack.includes(needle)));
    }
  });

  it("gives the same answers on one character repeated, where hashed candidates never end", () => {
    const context = `${"a".repeat(200_000)} and a closing word`;
    const items = [
      ...Array.from({ length: 200 }, (_, i) => item(`near${i}`, `${"A".repeat(40 + (i % 50))}b${i}`)),
      ...Array.from({ length: 20 }, (_, i) => item(`short${i}`, `${"a".repeat(10 + i)}x`)),
      item("run", "a".repeat(5000)),
      item("tail", `${"a".repeat(30)} and a closing word`),
    ];
    expect(verifyLiteral(items.slice(0, 200).concat(items.slice(-2)), context).preserved).toEqual([
      "run",
      "tail",
    ]);
    expect(verifyLiteral(items, context).preserved).toEqual(["run", "tail"]);
  });
});
