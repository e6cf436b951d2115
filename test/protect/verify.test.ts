// The literal verifier agrees with the plain definition (normalise both sides, then substring search) on
// random and edge-case inputs, including Unicode whitespace, case folding and items of every window tier.
import { describe, expect, it } from "vitest";
import type { ProtectedItem } from "../../src/protect/types.ts";
import { normalizeText, verifyLiteral } from "../../src/protect/verify.ts";

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
});
