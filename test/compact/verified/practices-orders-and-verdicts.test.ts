// Rules, choices and goals by the kinds rounds forty-three to forty-six found on blinds 54 to 61 (issue 28): what a
// class of the business always or never does, the order of the work picked, rulings and bans passed on, a verdict with
// its limit, goals wished by the club or said inside a dictated run-on, and the look-alikes beside them (a message
// quoted from an error, markup pasted whole, a sentence disowned at its end). Each case is written for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns, holds, misreadRules } from "../../support/extract-turns.ts";

const OPEN = "Build the booking page for the woodwork shed.";

describe("rules of the business", () => {
  it("reads what a class or the club always or never does, and bounds set by the team or a sole trader", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Apprentices never sharpen the chisels on their own.",
          "Evening classes always have a first-aider on site.",
          "Parties of more than ten always pay a deposit.",
          "The shed never lends power tools to visitors.",
          "We never spend more than thirty pounds on timber for one class.",
          "We don't cut anything after 8pm.",
          "I cap it at twelve pupils a session.",
          "Founding members keep priority on bank holidays.",
          "Lathes are only lent to members with a safety card.",
          "Offcuts are sold per kilo at the door.",
          "Subscriptions are due on the first of each month.",
          "Spare clamps go to the junior bench only.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("reads rules passed on: rulings, bans, what an insurer won't cover, and marks said last", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "The trustees ruled that borrowed kit is checked before it goes out again.",
          "Our landlord says the side gate is locked after dark.",
          "The county association says a member who misses three sessions is stood down for a term.",
          "Our insurer won't cover anyone on the bandsaw without an induction.",
          "The shed closes at six, whatever the calendar says.",
          "Beginners use hand tools only, that's a shed tradition.",
          "I don't open on Mondays, full stop.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("leaves tendencies, symptoms, quoted errors, markup and disowned sentences alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Members always forget their key fobs.",
          "Visitors never stop asking about the old forge.",
          "The shed always seems busy on Saturdays.",
          'The error says: "booking_id must not be null".',
          "<p>Visitors must sign in at the door.</p>",
          "No member shall ever be late, said nobody ever.",
          "Always blame the glue, that's the woodwork way, joking.",
          "The current booking page only lets you pick one slot at a time.",
          "The landlord says the boiler is broken until Friday.",
        ],
        false,
      ),
    ).toEqual([]);
  });
});

describe("choices", () => {
  it("picks the order of the work, one of two named things, and a pick said outright", () => {
    for (const said of [
      "Do the booking page first, then the invoices.",
      "Swap the order: receipts first, then refunds.",
      "Start with the stock page, then the loans screen.",
      "I'd rather have a paper sign-in than the tablet app.",
      "Choose the oak theme, not the pine.",
      "Card payments by default, not cash, that's our pick.",
      "Option C for the hire calendar.",
      "We're choosing the card reader.",
      "The second layout you showed me is the one.",
      "Tuesday's list, please, not Wednesday's.",
    ])
      expect(classesOf(said), said).toEqual(["decision"]);
    for (const said of [
      "Test it first, then ship it.",
      "I'm picking up the keys later.",
      "I'm asking, not deciding.",
      "I'll go with whichever option gets me home sooner.",
    ])
      expect(classesOf(said), said).not.toContain("decision");
  });
  it("reads a reply to a question: a verdict with its limit, a thing named with how", () => {
    const limited = extractTurns(OPEN, "Should the rota be public?", "rota yes but never the phone numbers");
    expect(holds(limited.decisions, "rota yes")).toBe(true);
    expect(holds(limited.constraints, "never the phone numbers")).toBe(true);
    const named = extractTurns(OPEN, "Done. Include a tool checklist?", "tool checklist on the back page");
    expect(holds(named.decisions, "tool checklist on the back page")).toBe(true);
  });
});

describe("the work", () => {
  it("is wished by the club or for its people, or framed by who the speaker is", () => {
    expect(extractTurns("Our bowls club would like to stop double bookings of the green.").goal).toContain(
      "stop double bookings of the green",
    );
    expect(extractTurns("I'd like members to be able to see when their projects are ready.").goal).toContain(
      "members to be able to see",
    );
    expect(
      extractTurns("Hello, I'm the shed treasurer and I'd love a way to see who has paid this term.").goal,
    ).toContain("I'd love a way to see who has paid");
    expect(
      extractTurns(
        "Hi, I help run the shed's open days and I was hoping you could add a sign-up sheet for the demonstrations.",
      ).goal,
    ).toContain("add a sign-up sheet");
  });
  it("is found after a routine told first in a dictated sentence, and its rules with it", () => {
    const x = extractTurns(
      "so every friday I copy the bookings into a spreadsheet by hand and it takes an hour so what I need is a button that exports them",
      "Should the export include cancelled bookings?",
      "no just the live ones and the committee was very clear we never share members' emails",
    );
    expect(x.goal).toContain("what I need is a button that exports them");
    expect(holds(x.constraints, "we never share members' emails")).toBe(true);
  });
});
