// Rules, choices and goals by the kinds rounds fifty-one and fifty-two found on blinds 72 to 75 (issue 28): a choice
// handed back to the assistant and thanks that pick nothing, the asked word said back, what a whole class must have
// done first, what befalls a case named by a bound, the owner's own practice, rules a body has decided, a thing of the
// business that always is a figure, and a request that quotes what to change. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns, holds, misreadRules } from "../../support/extract-turns.ts";

const OPEN = "Build the sign-up sheet for the allotment society.";
const ASKED = "Should plot holders see each other's phone numbers, or only their own?";

describe("replies that pick nothing", () => {
  it("leaves a choice handed back and a thank-you out of the decisions", () => {
    for (const said of [
      "your call",
      "Whichever is quicker for you.",
      "I'll leave that with you.",
      "whatever, not fussed",
      "you decide, I don't mind",
      "That's kind.",
      "cheers for that",
    ]) {
      const x = extractTurns(OPEN, ASKED, said);
      expect(
        x.decisions.map((d) => d.text),
        said,
      ).toEqual([]);
    }
  });
  it("still reads a criterion that picks", () => {
    expect(
      extractTurns(OPEN, "Send the reminder on the first or the last day?", "whichever comes first")
        .decisions,
    ).toHaveLength(1);
  });
});

describe("replies that pick", () => {
  it("reads the asked word said back, another way instead and an option in other words", () => {
    const cases: [string, string][] = [
      ["Should the waiting list be hidden from members?", "hidden."],
      ["Want the weights in grams?", "grams"],
      ["Show prices per plot too?", "per square metre instead"],
      ["Do you want the newsletter weekly or monthly?", "once a month"],
      ["Done. Keep the history over how long?", "Last two seasons."],
    ];
    for (const [asked, said] of cases)
      expect(holds(extractTurns(OPEN, asked, said).decisions, said.replace(/\.$/, "")), said).toBe(true);
  });
  it("reads picks said outright", () => {
    for (const said of [
      "Printed cards over emails.",
      "Let's sort the plots by path, not by holder.",
      "The committee picked option one, the paper ballot.",
      "Between the green and the brown logo, green.",
      "Plot fees will be per square metre rather than per plot.",
      "I'd rather the secretary approves swaps than have it automatic.",
    ])
      expect(classesOf(said), said).toEqual(["decision"]);
    expect(classesOf("Readability over cleverness.")).not.toEqual(["decision"]);
  });
});

describe("rules of the business", () => {
  it("reads what a class must have done first, what befalls a case and the owner's practice", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Every new plot holder must have walked the site with a committee member first.",
          "Any holder more than two months behind on fees loses their shed key.",
          "Anyone flagged for a bonfire sits out the next open day.",
          "Anything left at the gate after dusk gets binned.",
          "I never take plot bookings over the phone.",
          "The trustees have decided no holder keeps more than two plots.",
          "The groundsman says nobody drives on the paths after rain.",
          "We have a rule that nobody waters with a hose in July.",
          "Neither shed opens before eight on a Sunday.",
          "Plot numbers are always four digits.",
          "The treasurer has the final say on refunds.",
          "If a holder misses three work days, their plot goes back on the list.",
          "Seed orders go out for a maximum of a week.",
          "Half-plots are never left empty for longer than a month.",
          "Only the secretary should see the waiting list.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("leaves a guess, hearsay, a weighed thought and what has happened so far alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "He must have left the gate open before he went home.",
          "The hens have decided the compost heap is theirs, apparently.",
          "No holder has ever paid the water bill on time, I'm sure of it.",
          "Can we make everyone wear gloves, or is that overkill?",
          "I always forget which key opens the big shed.",
        ],
        false,
      ),
    ).toEqual([]);
  });
});

describe("requests and goals", () => {
  it("reads an order that quotes what to change as one piece of work", () => {
    expect(classesOf("Fix the heading on the plots page, it says 'Alotments'.")).toEqual(["request"]);
  });
  it("reads a wish for the product or a class of people as the aim", () => {
    for (const said of [
      "I want holders to report a broken tap from their phone.",
      "Ultimately I want the waiting list to shorten itself when a plot is given up.",
      "We need a single place where holders can swap work days.",
      "Headline task: a printable map of who has which plot.",
      "I want the plots page to show each holder's next work day.",
    ])
      expect(classesOf(said), said).toEqual(["goal"]);
  });
});
