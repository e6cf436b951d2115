// The search worker: RE2 syntax in linear time, a time budget that cuts a search and says where to resume (passing
// over a line that alone used the budget), hit caps, and a kept worker that never answers for an earlier search.
import { describe, expect, it } from "vitest";
import { searchLines } from "../../src/core/search/search-lines.ts";

describe("searchLines", () => {
  it("stops at its budget and passes over a line that alone used it, so paging moves on", async () => {
    const lines = [`${"x".repeat(3_000_000)}`, "tail #"];
    const first = await searchLines(
      lines,
      { pattern: "(.*){1,1000}#" },
      { from: 0, to: 2, maxHits: 5, budgetMs: 1 },
    );
    expect(first).toMatchObject({ ok: true, value: { stopped: "budget", skipped: 0, next: 1 } });
    const rest = await searchLines(lines, { pattern: "(.*){1,1000}#" }, { from: 1, to: 2, maxHits: 5 });
    expect(rest).toEqual({ ok: true, value: { hits: [1], next: null, stopped: "end", skipped: null } });
  }, 60_000);

  it("caps hits, resumes after the last one, and a search after an early stop sees only its own answers", async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => (i % 3 === 0 ? `hit ${i}` : `miss ${i}`));
    const capped = await searchLines(lines, { pattern: "^HIT" }, { from: 0, to: lines.length, maxHits: 2 });
    expect(capped).toEqual({ ok: true, value: { hits: [0, 3], next: 4, stopped: "hits", skipped: null } });
    const literal = await searchLines(
      lines,
      { pattern: "miss 29999", literal: true, caseSensitive: true },
      { from: 0, to: lines.length, maxHits: 10 },
    );
    expect(literal.ok && literal.value.hits).toEqual([29_999]);
    const dot = await searchLines(
      ["a.b", "axb"],
      { pattern: "a.b", literal: true },
      { from: 0, to: 2, maxHits: 9 },
    );
    expect(dot.ok && dot.value.hits).toEqual([0]);
  }, 60_000);

  it("says where each hit's first match starts when asked, for patterns and literal text alike", async () => {
    const lines = ["abc xyz x.z", "none", "İİ x.z"];
    const range = { from: 0, to: 3, maxHits: 9, locate: true };
    expect(await searchLines(lines, { pattern: "x.z" }, range)).toEqual({
      ok: true,
      value: { hits: [0, 2], at: [4, 3], next: null, stopped: "end", skipped: null },
    });
    const literal = await searchLines(lines, { pattern: "X.Z", literal: true }, range);
    expect(literal.ok && literal.value.at).toEqual([8, 3]);
  }, 60_000);
});
