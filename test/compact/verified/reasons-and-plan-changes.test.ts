// Rules, choices and goals by the kinds round thirty-four found on the thirty-sixth and thirty-seventh blind sets
// (issue 28): a rule with its reason after ";", a list said with ";", a rule after "and also" in a dictated run-on or
// after "the thing to keep in mind is", a ban after a set-aside, an aside after "and honestly", a change of plan
// said as a wish or a question, and descriptions of what the product shows. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, heldAsRule, holds, rulesAfter } from "../../support/extract-turns.ts";

const OPEN = "Build the loan calendar for the tool library.";

describe("a rule and what is said around it", () => {
  it("keeps a reason after ';' with its rule, and splits a list said with ';'", () => {
    const x = extractTurns(
      OPEN,
      "Sure.",
      "Please leave the payroll module alone; Priya is rewriting it.",
      "Noted.",
      "IT sent a list: all traffic goes through their proxy; tokens expire after 15 minutes of inactivity; we can't use any analytics SDK.",
    );
    expect(holds(x.constraints, "Please leave the payroll module alone; Priya is rewriting it")).toBe(true);
    expect(holds(x.constraints, "we can't use any analytics SDK")).toBe(true);
    expect(x.constraints.some((c) => c.text.includes("analytics") && c.text.includes("proxy"))).toBe(false);
  });
  it("reads a rule framed by what to keep in mind, or passed on before an ask", () => {
    for (const said of [
      "and the thing to keep in mind is we never refund vouchers because they were already discounted",
      "The owner insists that member data never leaves the UK, so please pick a British host.",
    ]) {
      expect(heldAsRule(OPEN, said), said).toBe(true);
    }
  });
  it("keeps a ban said after a set-aside as a rule, not a new goal", () => {
    const x = extractTurns(
      "tool library: the card reader rejects amex",
      "The provider account has no Amex. Enable it or hide Amex?",
      "hide it",
      "Done.",
      "fine, amex can wait. no tracking scripts on the checkout page ever",
    );
    expect(x.goal).toContain("the card reader rejects amex");
    expect(holds(x.constraints, "no tracking scripts on the checkout page ever")).toBe(true);
  });
  it("lets the pick before '… and honestly …' stand", () => {
    const x = extractTurns(
      OPEN,
      "For the map: Leaflet tiles or a static SVG of the town?",
      "the svg one because there's no tile server to run and honestly it'll look nicer printed on the noticeboard too",
    );
    expect(holds(x.decisions, "the svg one")).toBe(true);
  });
});

describe("a change of plan", () => {
  it("sets the new goal, said as a wish, as a question or by pointing at it", () => {
    const cases: Array<[string, string]> = [
      [
        "ok so the chair has bought a second drill so what we need instead is for the app to share two identical drills fairly",
        "for the app to share two identical drills fairly",
      ],
      [
        "Instead, could we make a printable return sheet for each volunteer, as today's job?",
        "could we make a printable return sheet for each volunteer",
      ],
      [
        "The council changed their feed today, so could we put the waiting list aside and update the feed import first? That's now the priority.",
        "update the feed import first",
      ],
    ];
    for (const [said, aim] of cases) {
      const x = extractTurns(
        "I'd like the loan calendar to email members a reminder the day before a loan ends.",
        "Reminders are set up.",
        said,
      );
      expect(x.goal, said).toContain(aim);
    }
  });
});

describe("what the product shows or how it misbehaves", () => {
  it("is no rule", () => {
    for (const said of [
      "Members get the code on Friday and by Monday it has stopped working.",
      "so the list says there are three drills in when there are none, and people walk over for nothing.",
    ]) {
      expect(rulesAfter(OPEN, said), said).toHaveLength(0);
    }
  });
});
