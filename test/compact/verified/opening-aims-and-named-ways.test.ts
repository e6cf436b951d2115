// Goals, picks and rules by the kinds rounds fifty-three to fifty-five found on blinds 76 to 81 (issue 28): the aim of
// an opening message said politely, after a story or with when the wanted thing runs; one named way told over another
// ("use the tablet, not …"); a party placed somewhere or a body that has decided; and look-alikes that greet, thank or
// quote a failed check. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns, holds, misreadRules } from "../../support/extract-turns.ts";

const OPEN = "Build the booking page for the village hall.";

describe("the aim of an opening message", () => {
  it("is read when said politely, after a story or with when the wanted thing runs", () => {
    for (const said of [
      "Good morning, could you help me tidy up how we record hall hire deposits?",
      "I wonder if you could help with the key-holder page.",
      "Our caretaker would like the bookings in the order he unlocks the rooms.",
      "In the booking system I need a cleaning list for the caretaker every morning.",
      "I'd like the reminder emails to go out on Thursday evenings.",
      "The whole point of this job is to stop double bookings of the main hall.",
      "Let's get a booking thing for the kitchen, separate from the hall.",
    ])
      expect(classesOf(said), said).toEqual(["goal"]);
  });
  it("is the wish said after a story and after greetings, thanks or an apology", () => {
    const story = extractTurns(
      "so the trouble is we had two parties turn up at once last month and it was chaos so I want the page to hold a slot for ten minutes while someone books",
    );
    expect(story.goal).toContain("I want the page to hold a slot");
    const greeted = extractTurns(
      "Hi there, thanks for helping again. Today I'd really like to sort out the kitchen hire prices.",
    );
    expect(greeted.goal).toContain("sort out the kitchen hire prices");
  });
});

describe("picks", () => {
  it("reads one named way told over another, an order of three and a body's pick", () => {
    for (const said of [
      "Use the wall calendar, not the shared spreadsheet.",
      "Put the kitchen first, then the main hall, then the garden room.",
      "The committee chose a paper sign-up sheet over the website form.",
      "Sticking with cash, card readers confuse our treasurer.",
      "OK, the second layout, the one with the map on the left.",
    ])
      expect(classesOf(said), said).toEqual(["decision"]);
    expect(classesOf("Use 2 spaces, not tabs.")).toEqual(["constraint"]);
  });
});

describe("rules", () => {
  it("reads a party placed somewhere, a body's decision and a case with its consequence", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "The caretaker at St Anne's wants all chairs stacked by ten.",
          "My franchise says deposits under a week's notice are kept in full.",
          "Hirers who cancel twice in a season sit out the next booking round.",
          "Claims older than thirty days are not paid.",
          "The minimum deposit for a wedding is £100.",
          "Only hirers who have done the fire briefing can book the evening slots.",
          "The committee would like the confirmation email to always name the key-holder.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("leaves greetings, a failed check's message, words shown on a sign and a joke dressed as a policy alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Validation failed: deposit is required for parties over fifty.",
          "The old sign on the door says Always Ring The Bell.",
          "Our policy is that the boiler only breaks down on wedding days.",
          "The urns are never hot when you need them.",
        ],
        false,
      ),
    ).toEqual([]);
    expect(holds(extractTurns("I'm sorry to bother you on a Sunday.").constraints, "sorry")).toBe(false);
  });
});
