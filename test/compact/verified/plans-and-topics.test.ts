// Goals, rules and choices by the kinds round fifteen found lost on the twelfth blind set (issue 28): a pivot said
// as "scratch that", a plan of work with "we're going to", a new thing others asked for, a week's aim after "for this
// week,", a rule about a topic named first, a rate capped at the end, a rule after "before you go further:", a pick
// in the clause after "and", a proposal declined. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("goals said as plans, pivots and asks of others", () => {
  it("takes the work after 'scratch that' and a plan with 'we're going to'", () => {
    expect(
      goalOf(
        "Task: tidy the onboarding copy.",
        "Started with the welcome screen.",
        "scratch that for today. Support says exports time out for big teams. I need you to make the team export finish for accounts with 10k members",
      ),
    ).toContain("make the team export finish for accounts with 10k members");
    expect(
      goalOf("so we're going to move the two cron boxes onto the job queue, they keep dying at night."),
    ).toContain("move the two cron boxes onto the job queue");
  });
  it("takes a new thing others asked for, and the aim named for this week", () => {
    expect(
      goalOf("Hi, the warehouse team asked me for a weekly report that lists pallets older than 90 days."),
    ).toContain("a weekly report that lists pallets older than 90 days");
    expect(
      goalOf(
        "What we're doing: porting the billing app to the new framework, piece by piece. For this week, the invoice screens running on the new framework.",
      ),
    ).toContain("the invoice screens running on the new framework");
  });
});

describe("rules after a topic or a lead-in", () => {
  it("keeps a rule about a topic named first, a rate capped at the end, and a rule after 'before you go further:'", () => {
    const x = extractOf(
      "add presence to the chat",
      "Presence events are wired up.",
      "also the test data, please not mix the fixtures between suites. send presence at two updates per minute max. wait, before you go further: no polling, the gateway bills per request.",
    );
    expect(holds(x.constraints, "please not mix the fixtures")).toBe(true);
    expect(holds(x.constraints, "two updates per minute max")).toBe(true);
    expect(holds(x.constraints, "no polling")).toBe(true);
  });
  it("leaves a fact with 'not' after a comma as a fact", () => {
    const x = extractOf("add presence to the chat", "Done.", "The wiki is on Outline, not Notion.");
    expect(x.constraints).toEqual([]);
  });
});

describe("choices said in passing", () => {
  it("takes the pick after 'and we'll go with', and a proposal declined", () => {
    const x = extractOf(
      "pick a queue for the mailer",
      "Both would work.",
      "We've compared the two and we'll go with SQS. A reviewer said to rewrite it in Go; we're not doing that, the team writes Python.",
    );
    expect(holds(x.decisions, "we'll go with SQS")).toBe(true);
    expect(holds(x.decisions, "we're not doing that")).toBe(true);
  });
});
