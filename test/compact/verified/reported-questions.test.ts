// Look-alikes by the kinds round twenty found taken on the seventeenth blind set (issue 28): a question someone
// else asked, passed on ("Ops asked whether we should always …"), a story from "last spring", a thing put off
// with "leave it for now", the speaker's own errand ("I need to ask legal"). Each case is written for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns as extractOf, goalOf } from "../../support/extract-turns.ts";

describe("questions passed on", () => {
  it("reads a question someone asked as no rule", () => {
    expect(
      classesOf("The warehouse lead asked whether we should always print two labels, I'll find out."),
    ).not.toContain("constraint");
    expect(classesOf("Legal wondered if we should never store the birth date, still open.")).not.toContain(
      "constraint",
    );
  });
  it("still reads a polite 'I was wondering if you could …' as the work", () => {
    expect(goalOf("Hi, I was wondering if you could help me add a dark theme to the docs site.")).toContain(
      "add a dark theme",
    );
  });
});

describe("stories, errands and things put off", () => {
  it("sets no rule from last spring's story, an errand or 'leave it for now'", () => {
    const x = extractOf(
      "Add the export button to the stats page.",
      "Should the export include archived seasons?",
      "Last spring they said we should never export archived seasons, but that was the old schema. I need to ask legal. Not sure, leave it for now.",
    );
    expect(x.constraints).toEqual([]);
  });
  it("still reads 'leave it' alone as a rule to keep a thing as it is", () => {
    expect(classesOf("The regex is ugly, but leave it, the importer depends on it.")).toContain("constraint");
  });
});
