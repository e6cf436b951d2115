// Rules, choices and goals by the kinds round eighteen found lost on the fifteenth blind set (issue 28): a
// dictated run-on sentence that holds the goal, rules and a choice at once, lettered list items under a rules
// heading, the user's own question settled after the assistant answers it, an option named by its mark after a
// word of assent, "let's X rather than Y", look-alikes that imagine a case ("if X ever …"), and a line of code
// in backticks. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("a dictated run-on sentence", () => {
  const said =
    "ok so what I'm after today is getting the invoice importer to accept the new XML format, and keep the old CSV path working because two clients still send it, and don't add a second XML library, and let's settle on streaming the file since some are 300 MB";
  it("keeps the rules and the choice said in its clauses", () => {
    const x = extractOf(said, "Understood.");
    expect(holds(x.constraints, "keep the old CSV path working")).toBe(true);
    expect(holds(x.constraints, "don't add a second XML library")).toBe(true);
    expect(holds(x.decisions, "settle on streaming the file")).toBe(true);
    expect(x.goal).toContain("accept the new XML format");
  });
  it("reads the goal said in one clause of a sentence that is a rule as a whole", () => {
    const goal = goalOf(
      "sorry this is long, we build a kiosk app for the museum, today I want to add the audio guide screen, and it must work without network because the halls have none",
    );
    expect(goal).toContain("add the audio guide screen");
  });
});

describe("lists and settled questions", () => {
  it("reads lettered items under a rules heading as rules", () => {
    const x = extractOf(
      "We need a small export service for the lab results. Rules:\n(a) no raw sample ids leave the lab network;\n(b) every export is signed with the lab key.\nCan you start with the skeleton?",
    );
    expect(holds(x.constraints, "no raw sample ids leave the lab network")).toBe(true);
    expect(holds(x.constraints, "every export is signed")).toBe(true);
  });
  it("takes the reply that settles the user's own question as a choice", () => {
    const x = extractOf(
      "Add a nightly digest email for the forum.",
      "Done. The digest goes out at 06:00.",
      "Would it be a problem if we also included the posts' full text?",
      "It would make the mails long; most forums send a title and the first lines.",
      "OK, send only titles and first lines then.",
    );
    expect(holds(x.decisions, "send only titles and first lines then")).toBe(true);
  });
  it("takes an option named by its mark after a word of assent, and 'let's X rather than Y'", () => {
    const x = extractOf(
      "Speed up the image thumbnails page.",
      "Option 1: lazy-load them in the browser. Option 2: pre-render smaller files on upload. Option 1 is less work.",
      "Agreed, option 1. Let's lazy-load them rather than adding an upload step.",
    );
    expect(holds(x.decisions, "Agreed, option 1")).toBe(true);
    expect(holds(x.decisions, "lazy-load them rather than adding an upload step")).toBe(true);
  });
});

describe("look-alikes", () => {
  it("reads a case imagined with 'ever' and a line of code in backticks as no rule", () => {
    expect(classesOf("If the registry ever goes away, we'll need to mirror every package.")).toEqual([
      "negative",
    ]);
    expect(classesOf("`assert len(rows) > 0, 'rows must never be empty'`")).not.toContain("constraint");
  });
  it("still reads 'if you ever …, ask me first' as a rule", () => {
    expect(classesOf("If you ever need to touch the schema, ask me first.")).toEqual(["constraint"]);
  });
});
