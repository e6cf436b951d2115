// Rules and goals by the kinds round thirty-five found on the thirty-eighth and thirty-ninth blind sets (issue 28):
// limits said with "the minimum is", "no higher than" or a quota opening the clause, the words a team uses, a rule
// named by its wording, who alone a thing appears to, a title line said with a dash, and a plan changed with
// "instead". Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, heldAsRule } from "../../support/extract-turns.ts";

const OPEN = "Build the stall booking page for the market.";

describe("a limit or a house rule said plainly", () => {
  it("is a rule", () => {
    for (const said of [
      "For the big pitches the minimum is always three days.",
      "Signs no higher than 1500 millimetres from the ground.",
      "The council says four stalls a day for hot food and two for the rest.",
      "We say trader not vendor in everything public.",
      "The insurer's wording is that a named adult stays with every stall.",
      "Evening slots only appear to traders who have paid the season fee.",
    ]) {
      expect(heldAsRule(OPEN, said), said).toBe(true);
    }
  });
});

describe("the goal", () => {
  it("keeps a title line said with a dash", () => {
    const x = extractTurns(
      "Market site — pitch fee fixes\nThe issue: traders pay twice when they rebook.\nWhat I'd like:\n- one invoice per booking",
      "Understood.",
    );
    expect(x.goal).toContain("Market site — pitch fee fixes");
  });
  it("changes when the user puts new work in place of the old", () => {
    const x = extractTurns(
      "market site: monthly newsletter signup on the booking page",
      "Signup form added.",
      "hmm drop the newsletter entirely, put a map of the pitches on the confirmation page instead",
    );
    expect(x.goal).toContain("put a map of the pitches on the confirmation page instead");
  });
});
