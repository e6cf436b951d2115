// Goals, choices and look-alikes by the kinds round sixteen found lost on the thirteenth blind set (issue 28): the
// old work set aside with "X can wait" or "X later", a goal in another language's words, "let's settle on", a
// decision headed "Resolution:", "fine by me" to a closed question, sarcasm marked as such, a story's punchline.
// Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("the old work set aside", () => {
  it("takes the work after 'X can wait' as the new goal", () => {
    const goal = goalOf(
      "Let's add tagging to the photo library.",
      "I'll start with the tag table.",
      "Hmm, hold on. The import crashed on three users' phones today. Tagging can wait. Let's make the import stop crashing on HEIC files first.",
    );
    expect(goal).toContain("make the import stop crashing on HEIC files");
  });
  it("reads an aim named in the speaker's first language", () => {
    expect(
      goalOf(
        "can you look at the export code?",
        "Sure, it is in export.py.",
        "Hola. Mi objetivo is to have the invoices export in CSV for the accountant.",
      ),
    ).toContain("the invoices export in CSV for the accountant");
  });
});

describe("choices and look-alikes", () => {
  it("takes 'let's settle on', 'Resolution:' and 'fine by me' as choices", () => {
    const x = extractOf(
      "clean up the sensor units",
      "Both modules are nearly the same. Merge them into one?",
      "fine by me, merge them. Let's settle on metres internally. Resolution: the API returns ISO dates only.",
    );
    expect(holds(x.decisions, "fine by me")).toBe(true);
    expect(holds(x.decisions, "settle on metres")).toBe(true);
    expect(holds(x.decisions, "Resolution: the API returns ISO dates")).toBe(true);
  });
  it("reads sarcasm and a story's punchline as no rule and no choice", () => {
    const x = extractOf(
      "speed up the build",
      "The cache is warm now.",
      "Always rebuild everything from scratch, unless you enjoy fast builds 😅 The dog sat on the laptop, so we go with the tablet today.",
    );
    expect(x.constraints).toEqual([]);
    expect(x.decisions).toEqual([]);
  });
});
