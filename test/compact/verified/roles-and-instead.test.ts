// Rules and goals by the kinds round thirty-six found on the fortieth and forty-first blind sets (issue 28): rules
// passed on by people named by their role in a club or a parish, a want added to the work, terms counted in time, what
// every case requires or all the team may do, a wish that forbids, and new work asked with "instead please" or "I need
// that"; and (round thirty-seven, from blinds 42 and 43) capacities, figures that hold always, what a ticket is valid
// for, and curiosity or a boss's idea waved off. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, heldAsRule, holds, rulesAfter } from "../../support/extract-turns.ts";

const OPEN = "Build the hall booking page for the parish.";

describe("a rule passed on or stated plainly", () => {
  it("is a rule", () => {
    for (const said of [
      "Our club secretary insists that members' home addresses never appear on the rota.",
      "The warden would like the side door never to be unlocked after dark.",
      "Bookings open 10 days ahead, not 21.",
      "Online entries close 48 hours before the show starts.",
      "Each room takes at most twelve people.",
      "Receipts required for anything over ten pounds.",
      "We're only licensed to play recorded music until 11pm.",
    ]) {
      expect(heldAsRule(OPEN, said), said).toBe(true);
    }
  });
  it("adds a want to the work without replacing the goal, and leaves a teased or postponed one alone", () => {
    const x = extractTurns(
      "I'd like the hall booking page to take deposits online.",
      "Deposits are in.",
      "The treasurer also wants a receipt emailed after each deposit.",
      "Done.",
      "Our vicar says we should ban bouncy castles entirely, but he's only teasing.",
    );
    expect(x.goal).toContain("take deposits online");
    expect(holds(x.constraints, "The treasurer also wants a receipt emailed after each deposit")).toBe(true);
    expect(holds(x.constraints, "bouncy castles")).toBe(false);
  });
});

describe("new work asked", () => {
  it("with 'instead please' replaces the plan, and 'I need that' states it", () => {
    const moved = extractTurns(
      "I want a page where visitors can see which rooms are free today.",
      "The page is ready.",
      "Instead please make the rota send volunteers a reminder the evening before their shift.",
    );
    expect(moved.goal).toContain("make the rota send volunteers a reminder");
    const needed = extractTurns("I need that the booking page shows the deposit status of a booking.");
    expect(needed.goal).toContain("the booking page shows the deposit status");
  });
});

describe("round thirty-seven", () => {
  it("reads a capacity, a figure that holds always and what a ticket is valid for as rules", () => {
    for (const said of [
      "Total capacity is 250 whatever the mix of seats.",
      "The first 10 miles is free always.",
      "A day pass is valid only for the date it was bought.",
    ]) {
      expect(heldAsRule(OPEN, said), said).toBe(true);
    }
  });
  it("takes no rule from curiosity or an idea waved off", () => {
    for (const said of [
      "Just curious, don't build it.",
      "The chair keeps saying we should add a bar, ignore that.",
    ]) {
      expect(rulesAfter(OPEN, said), said).toHaveLength(0);
    }
  });
});
