// Rules by the kinds round ten found lost on the seventh blind set (issue 28): sentences after "a few rules I forgot
// to mention." are rules even when they only describe how things are, until a question; a thing allowed "only when"
// a condition holds, said without a verb; a wish to avoid something forbids it. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, holds } from "../../support/extract-turns.ts";

describe("rules announced before they are said", () => {
  it("takes each sentence after the announcement as a rule", () => {
    const x = extractOf(
      "speed up the invoice export",
      "First pass done: the export streams rows now.",
      "Nice. A few rules I forgot to mention. Every export is sorted by invoice number, the auditors diff them. The archive keeps the original file names because a script reads them.",
    );
    expect(holds(x.constraints, "sorted by invoice number")).toBe(true);
    expect(holds(x.constraints, "keeps the original file names")).toBe(true);
  });
  it("stops at a question and leaves messages with no announcement alone", () => {
    const asked = extractOf(
      "speed up the invoice export",
      "First pass done.",
      "Looks good. Now that I see it, two more constraints you should know about. The archive keeps the original file names. Can you also check the logs?",
    );
    expect(holds(asked.constraints, "keeps the original file names")).toBe(true);
    expect(holds(asked.constraints, "check the logs")).toBe(false);
    const told = extractOf(
      "speed up the invoice export",
      "First pass done.",
      "The archive keeps the original file names.",
    );
    expect(told.constraints).toEqual([]);
  });
});

describe("rules said without a verb or as a wish", () => {
  it("takes 'X only when Y' as a rule, not a description", () => {
    const x = extractOf(
      "add a verbose mode to the sync tool",
      "Should the log be verbose?",
      "Verbose only when DEBUG is set.",
    );
    expect(holds(x.constraints, "Verbose only when DEBUG is set")).toBe(true);
    const described = extractOf("the sync tool hangs", "Looking.", "It fails only when the cache is cold.");
    expect(described.constraints).toEqual([]);
  });
  it("takes a wish to avoid something as a prohibition, not the goal", () => {
    const x = extractOf(
      "I need help with a small model that predicts late returns. We would like to avoid using any borrower names.",
    );
    expect(holds(x.constraints, "avoid using any borrower names")).toBe(true);
    expect(x.goal).not.toContain("borrower names");
  });
});
