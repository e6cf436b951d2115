// Rules, choices and goals by the kinds rounds forty-seven, forty-eight and fifty found on blinds 62 to 71 (issue 28): what
// befalls whoever meets a case, bounds on what a thing is or may be, bodies that rule and how they want a kind of thing
// handled, picks of one way over another or of the order of the work, the work said with its date or time, and the
// look-alikes of a story's start ("when we started …"), an unreal past case and a quoted dash. Each case is written
// for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns, holds, misreadRules } from "../../support/extract-turns.ts";

const OPEN = "Build the booking page for the canoe club.";

describe("rules of the business", () => {
  it("reads what befalls a case, bounds on a thing, and how the club runs", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "A paddler who misses three sessions in a row drops off the rota.",
          "Boats that fail the spring check are taken off the water the same day.",
          "Trips are cancelled automatically if the river is above the red marker.",
          "Canoes must be at least two years old to be sold off.",
          "Club buoyancy aids are never transferable between members.",
          "Polo matches are best of three halves.",
          "Spray decks are sold only as a set.",
          "The kit store closes bookings two hours before launch.",
          "The club doesn't lend boats to non-members.",
          "Hire runs strictly on a first-come, first-served basis.",
          "We log every capsize separately from the trip report.",
          "Juniors only paddle on the lake with a coach present.",
          "Coaches are exempt from the cleaning rota.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("reads bodies that rule and how they want a kind of thing handled", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Our insurance says only qualified coaches can take beginners out.",
          "The charity commission wants donations recorded separately from fees.",
          "Environmental health wants the fridge temperature logged for anything with dairy.",
          "The harbour liaison wants incident reports filed within 24 hours.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("leaves a story's start, an unreal past case, what happens to the team and a quoted notice alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "When we started, we only ever paddled on the canal.",
          "Before the move we always launched from the slipway.",
          "The previous captain preferred a paper sign-out sheet.",
          "If the boathouse flooded we'd have to store the boats at the school.",
          "We always sell out of places for the summer trip.",
          "Saturday mornings are always chaos at the slipway.",
          "The committee always changes its mind at the last minute.",
          "Here's what the sign says: 'Boats out – do not touch'.",
        ],
        false,
      ),
    ).toEqual([]);
  });
});

describe("choices", () => {
  it("picks one way over another and the order of the work", () => {
    for (const said of [
      "Take the second option, the one with the waiting list.",
      "Use the card reader and drop the cash box.",
      "Stick with email, forget the app.",
      "We'll send the rota as a pdf, not a web page.",
      "Keep the old boat numbers rather than renumbering them.",
      "Fix the hire form first, then the reminders.",
      "We'll put the beginners first and the racers last.",
      "Let's do the kit list before the trip page this time.",
      "The green version, please.",
    ])
      expect(classesOf(said), said).toEqual(["decision"]);
    expect(classesOf("Test the form first, then ship it.")).not.toContain("decision");
  });
});

describe("the work", () => {
  it("is said with its date or time, or wished for the club's people", () => {
    for (const said of [
      "By the end of the month the site should take bookings for the summer trips.",
      "Trip sign-up form, live by friday",
      "This afternoon I'm hoping to get the kit list printing.",
      "My task for the secretary today is a list of unpaid fees.",
      "After all that, the new plan is to track boat repairs alongside hire.",
      "I'd like paddlers to be able to book a boat without ringing me.",
      "I need the booking site to let members cancel their own trips.",
    ])
      expect(extractTurns(said).goal, said).toContain(said.replace(/\.$/, ""));
  });
  it("keeps the team's practice said after 'goodness no'", () => {
    const x = extractTurns(
      OPEN,
      "Should I add a photo of each junior to the trip sheet?",
      "Goodness no, we don't put juniors' photos on any printout.",
    );
    expect(holds(x.constraints, "we don't put juniors' photos on any printout")).toBe(true);
  });
});

describe("round fifty", () => {
  it("reads a refusal passed on and a policy that nobody may, and picks said as 'make it X, not Y'", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "The insurer will not cover night paddles without two coaches present.",
          "The club's policy is that no one paddles alone after dark.",
        ],
        true,
      ),
    ).toEqual([]);
    expect(classesOf("Fine, make it the Friday trip, not the Saturday one.")).toEqual(["decision"]);
    expect(classesOf("Go for the shorter route, we can extend it later.")).toEqual(["decision"]);
  });
  it("leaves a motto and a thing that is always broken when it is needed alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Always blame the weather, that's my motto.",
          "The boathouse kettle is always broken when the juniors arrive.",
        ],
        false,
      ),
    ).toEqual([]);
  });
});
