// Look-alikes by the kinds round twenty-four found taken on the twenty-first blind set (issue 28): a thing's habit
// told with "never"/"always" as how things stand ("the current exporter always drops the header, which …"), and a
// long sentence that holds a rule beside a story or a joke, of which only the rule is kept. Each case is written for
// this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds } from "../../support/extract-turns.ts";

describe("a thing's habit told as how things are", () => {
  it("is no rule", () => {
    for (const said of [
      "Yes, the current exporter always drops the header row, which accounting hates.",
      "right, their payment API always rejects the first retry, we can live with that",
      "ya it always stalls during the backup window.",
    ]) {
      const x = extractTurns("Fix the nightly export.", "Is that expected?", said);
      expect(x.constraints).toHaveLength(0);
    }
  });
  it("leaves a limit said the same way a rule", () => {
    const x = extractTurns(
      "Set up dynamic pricing.",
      "Any bounds?",
      "the fare never goes below 12 euros, whatever the demand",
    );
    expect(holds(x.constraints, "the fare never goes below 12 euros")).toBe(true);
  });
});

describe("a run-on holding a rule beside a story", () => {
  it("keeps the rule and the pick, not the story", () => {
    const x = extractTurns(
      "Build the price rules for the ski passes.",
      "Should the price follow the snow report or the booking rate?",
      "snow report, and I was joking with the manager that we should charge triple on powder days and she said absolutely not, so no, cap it at 90",
    );
    expect(holds(x.decisions, "snow report")).toBe(true);
    expect(holds(x.constraints, "cap it at 90")).toBe(true);
    expect(holds([...x.constraints, ...x.decisions], "charge triple on powder days")).toBe(false);
  });
});

describe("a session that names its work nowhere", () => {
  it("is about its long dictated opening", () => {
    const x = extractTurns(
      "right so the shop app needs a gift card feature where customers can buy a card for a friend, and gift cards should never expire because the consumer law here says so",
      "Understood. Should a card be usable online and in the shop?",
      "both",
    );
    expect(x.goal).toContain("needs a gift card feature");
  });
  it("leaves a short opening rule no goal", () => {
    expect(extractTurns("Never push to main directly.", "Understood.").goal).toBeNull();
  });
});
