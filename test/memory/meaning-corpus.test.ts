// The meaning-search corpus keeps its promises: every paraphrase shares no content word (stemmed, stop words
// dropped, exactly as the lexical index sees them) with its record, sizes meet issue 29, and both splits hold
// paraphrases and unanswerable questions.
import { describe, expect, it } from "vitest";
import { queryTerms } from "../../src/memory/search.ts";
import { stem, tokenize } from "../../src/memory/stem.ts";
import corpus from "../fixtures/memory/meaning-corpus.json" with { type: "json" };

const stems = (text: string) => new Set(tokenize(text).map(stem));

describe("meaning corpus", () => {
  it("has at least 60 paraphrases and 15 unanswerable questions, split in halves", () => {
    const para = corpus.questions.filter((q) => q.type === "paraphrase");
    const none = corpus.questions.filter((q) => q.type === "unanswerable");
    expect(para.length).toBeGreaterThanOrEqual(60);
    expect(none.length).toBeGreaterThanOrEqual(15);
    for (const split of ["tune", "held"]) {
      expect(para.filter((q) => q.split === split).length).toBeGreaterThanOrEqual(30);
      expect(none.filter((q) => q.split === split).length).toBeGreaterThanOrEqual(7);
    }
  });

  it("shares no content word between a paraphrase and its record", () => {
    const byId = new Map(corpus.records.map((r) => [r.id, r]));
    const shared: string[] = [];
    for (const q of corpus.questions) {
      if (q.type !== "paraphrase") continue;
      const record = byId.get(q.expect as string);
      expect(record, q.id).toBeDefined();
      const have = stems(`${record!.title} ${record!.body} ${record!.tags.join(" ")}`);
      const common = queryTerms(q.question)
        .map(stem)
        .filter((s) => have.has(s));
      if (common.length > 0) shared.push(`${q.id}: ${common.join(", ")}`);
    }
    expect(shared).toEqual([]);
  });
});
