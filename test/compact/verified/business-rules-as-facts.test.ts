// Rules by the kind round thirty-one found lost on the twenty-eighth and twenty-ninth blind sets (issue 28): a
// business rule stated as a fact of a kind of thing ("Receipts are deleted 30 days after the refund closes.",
// "Junior lessons cap at 6 riders.", "Any order over £500 needs a second sign-off."), against a plain remark about
// one thing. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds } from "../../support/extract-turns.ts";

describe("a business rule stated as a fact of a kind of thing", () => {
  it("is a rule", () => {
    for (const said of [
      "Receipts are deleted 30 days after the refund closes.",
      "Junior lessons cap at 6 riders.",
      "Any order over £500 needs a second sign-off.",
      "Reviews can be 200 words at most.",
      "Kiosk sessions log out automatically once idle for 5 minutes.",
      "Any ticket older than 48 hours gets closed automatically.",
    ]) {
      const x = extractTurns("Build the booking back office.", "Sure. Anything I should know?", said);
      expect(holds(x.constraints, said.replace(/\.$/, ""))).toBe(true);
    }
  });
  it("leaves a remark about one thing alone", () => {
    const x = extractTurns(
      "Build the booking back office.",
      "Sure.",
      "Apple's review portal is where joy goes to die.",
    );
    expect(x.constraints).toHaveLength(0);
  });
});
