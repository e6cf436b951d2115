// Choices and goals by the kinds round twelve found lost on the ninth blind set (issue 28): a way the assistant
// suggested without asking, taken ("do the caching then"); a go-ahead kept with what it takes; one tool used in
// place of another; a verbless limit; a one-off ask that holds rule words; an aim named inside a run-on sentence.
// Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("a suggested way, taken", () => {
  it("takes 'do the X then' and 'yes please do X' after a suggestion as choices", () => {
    const later = extractOf(
      "speed up the thumbnail service",
      "It resizes every image on each request. A disk cache would cut most of that.",
      "do the disk cache then",
    );
    expect(holds(later.decisions, "do the disk cache then")).toBe(true);
    const yes = extractOf(
      "speed up the thumbnail service",
      "Each worker opens its own connection. Pooling would help a lot.",
      "Yes please do pooling.",
    );
    expect(holds(yes.decisions, "do pooling")).toBe(true);
  });
  it("keeps what a bare go-ahead takes, and reads no choice after a plain report", () => {
    const x = extractOf(
      "the dashboard loads slowly",
      "Two widgets query the same table. I can share one query between them.",
      "ok do that",
    );
    expect(holds(x.decisions, "ok do that (I can share one query between them.)")).toBe(true);
    const report = extractOf("the dashboard loads slowly", "Done, the tests pass.", "ok do that");
    expect(report.decisions).toEqual([]);
  });
  it("takes one tool used in place of another, and a step taken 'then', as choices", () => {
    const x = extractOf(
      "package the CLI",
      "The build uses setup.py and has no lock file.",
      "use hatch instead of setup.py",
    );
    expect(holds(x.decisions, "use hatch instead of setup.py")).toBe(true);
    const then = extractOf(
      "package the CLI",
      "The new resolver needs pip 23; the base image ships pip 20.",
      "bump pip in the base image then",
    );
    expect(holds(then.decisions, "bump pip in the base image then")).toBe(true);
  });
});

describe("limits, one-off asks and run-on aims", () => {
  it("takes a limit said without a verb as a rule", () => {
    const x = extractOf("add undo to the sketch app", "Undo keeps every stroke.", "undo depth limit 50");
    expect(holds(x.constraints, "undo depth limit 50")).toBe(true);
  });
  it("reads a one-off ask with rule words as no rule", () => {
    const x = extractOf(
      "fix the upload form",
      "The form now validates the size.",
      "and while you're there, check the spinner. also get the e2e suite green.",
    );
    expect(x.constraints).toEqual([]);
  });
  it("finds the aim named inside a sentence with no stops", () => {
    const goal = goalOf(
      "right so I've been staring at the sync code all morning and honestly what I'd really like is for the calendar to stop creating duplicate events after a reconnect and we can't touch the server",
    );
    expect(goal).toContain("stop creating duplicate events after a reconnect");
  });
});
