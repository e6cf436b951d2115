// Rules and look-alikes by the kinds rounds thirty-two and thirty-three found on the thirty-first to thirty-fourth
// blind sets (issue 28): a rule said as an amount of the business (a bound after its figure, a price per unit, a
// price in words, a term in days), who alone may do a thing, a title line over the first message, and the shapes
// that only describe (a maybe for another day, a shrugged guess, a product that misbehaves, a wish that names the
// work). Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, heldAsRule, holds, rulesAfter } from "../../support/extract-turns.ts";

const OPEN = "Build the booking back office for the leisure centre.";

describe("a rule said as an amount", () => {
  it("is a rule, whoever it is said of", () => {
    for (const said of [
      "Room bookings are 4 hours maximum.",
      "Three photos max per listing.",
      "Lockers are £3 a day.",
      "Seniors swim half price.",
      "Late returns are charged in full.",
      "The final invoice is due 10 days after delivery.",
      "They get 15% off when they book a block of ten.",
      "25 per night, and volunteers pay nothing.",
    ]) {
      expect(heldAsRule(OPEN, said, "Sure. Anything I should know?"), said).toBe(true);
    }
  });
  it("leaves a figure told of the past or of a complaint alone", () => {
    for (const said of [
      "Last spring we paid £12 an hour for the contractor.",
      "My neighbour uses that app and pays 9 euro per month, too much for me.",
    ]) {
      expect(rulesAfter(OPEN, said), said).toHaveLength(0);
    }
  });
});

describe("who alone may do a thing, and when a thing alone is open", () => {
  it("is a rule", () => {
    for (const said of [
      "Only the treasurer and the chair can approve refunds.",
      "The sauna is only available to adult members.",
      "It's important to us that nobody is charged twice.",
    ]) {
      expect(heldAsRule(OPEN, said), said).toBe(true);
    }
  });
});

describe("a heading over the first message", () => {
  it("names the work with the goal the message states", () => {
    const x = extractTurns(
      "Gym app: class waitlist.\nWhat I need:\n1. A waitlist when a class is full\n2. An email when a place frees up\nHard limits:\n- never overbook a class",
      "Understood.",
    );
    expect(x.goal).toContain("Gym app: class waitlist");
    expect(x.goal).not.toContain("Hard limits");
    expect(holds(x.constraints, "never overbook a class")).toBe(true);
  });
  it("reads the list under a heading of rules or of the user's own notes", () => {
    const x = extractTurns(
      "Hello, rules from the owner for the order pipeline we're building this week:\n- orders over £500 need a second check\n- refunds must go back to the original card",
      "Got it.",
    );
    expect(holds(x.constraints, "orders over £500 need a second check")).toBe(true);
    expect(holds(x.constraints, "refunds must go back to the original card")).toBe(true);
  });
});

describe("shapes that only describe", () => {
  it("are no rules", () => {
    for (const said of [
      "Maybe later we add a dark mode, if people ask for it.",
      "The page uses the old logo somewhere where it should use the new one, I'd guess.",
      "Since Tuesday the export has stopped working.",
      "Members can't log in on Android 12.",
      "On Mondays the car park is full by nine, it's madness.",
      "I did wonder whether we should add a second reminder, but let's not worry about that today.",
    ]) {
      expect(rulesAfter(OPEN, said), said).toHaveLength(0);
    }
  });
  it("a wish that names the work is the goal and no rule", () => {
    const x = extractTurns(
      "Hi, for the tutoring site I want to add a page where each tutor lists their subjects, like maths and French.",
      "Sure, I'll start there.",
    );
    expect(x.goal).toContain("I want to add a page where each tutor lists their subjects");
    expect(x.constraints).toHaveLength(0);
  });
});
