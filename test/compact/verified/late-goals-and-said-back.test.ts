// Goals and choices by the kinds round twenty-one found lost on the eighteenth blind set (issue 28): a goal named
// late in a dictated sentence ("…, and the goal is to …", "what we need instead is …", "the thing for today is"),
// a wish for a part of the product to do something ("I'd like the backend to flag …"), "Scope of today's
// session:" over a list, and an order that says back the verb the assistant proposed. Each case is written for
// this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("goals named late", () => {
  it("reads 'and the goal is to …' and 'what we need instead is …' inside a long sentence", () => {
    expect(
      goalOf(
        "right so the search page on the wiki, people keep complaining it is slow on mobile and the goal is to cache the index in the browser, and whatever you do keep the old URLs working",
      ),
    ).toContain("cache the index in the browser");
    expect(
      goalOf(
        "ok wait, Tom already did the export on his branch so forget the export, what we need instead is a nightly backup of the wiki database",
      ),
    ).toContain("a nightly backup of the wiki database");
  });
  it("reads 'I'd like the X to <verb> …' and 'Scope of today's session:' as the work", () => {
    expect(
      goalOf(
        "Our door sensors report their state every minute, and I'd like the hub to warn us when a door stays open.",
      ),
    ).toContain("warn us when a door stays open");
    expect(
      goalOf(
        "Hi, we're moving to a new mail provider. Scope of today's session:\n1. Port the signup mails to the new API.\n2. Keep the old sender running until Friday.",
      ),
    ).toContain("Port the signup mails");
  });
});

describe("a proposal said back", () => {
  it("takes 'ok exclude them' after 'I'd exclude …' as the choice, kept with the proposal", () => {
    const x = extractOf(
      "Count unread messages per channel.",
      "Done. Should muted members count?",
      "hmm what does Slack do there",
      "I'd exclude muted members; most chat apps do.",
      "ok exclude them",
    );
    expect(holds(x.decisions, "ok exclude them (I'd exclude muted members")).toBe(true);
  });
});
