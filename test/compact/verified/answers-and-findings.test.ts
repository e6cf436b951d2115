// Choices, rules and goals by the kinds round seventeen found lost on the fourteenth blind set (issue 28): a
// question about how things are answered with a fact, a go-ahead to "I'd …", a bare pick and the words after
// it, a way ordered after the assistant's finding, an act ruled out by its gerund, rules passed on by someone
// named by their job, "X should …" said of a class, and goals said as "I'd like it to …", after a heading that
// only tells news, and as "we need to <verb>". Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("answers and go-aheads", () => {
  it("reads a fact given to a question about how things are as no pick", () => {
    const x = extractOf(
      "Add a nightly export of the loyalty points.",
      "I'll write the job. Where do you keep the point balances?",
      "In the ledger table of the billing database.",
      "Which runner does the nightly CI use?",
      "ubuntu-22.04, the big one.",
    );
    expect(x.decisions).toEqual([]);
  });
  it("keeps a go-ahead to 'I'd …' with the way it takes", () => {
    const x = extractOf(
      "The carousel jumps when images load.",
      "The slides have no fixed height. I'd reserve the space with an aspect-ratio box.",
      "Do that.",
    );
    expect(holds(x.decisions, "Do that. (I'd reserve the space")).toBe(true);
  });
  it("keeps a bare pick with the short words after it, as one choice", () => {
    const x = extractOf(
      "Cache the exchange rates.",
      "In memory, or in Redis so every worker shares them?",
      "redis. the workers restart often",
    );
    expect(x.decisions.map((d) => d.text)).toEqual(["redis. the workers restart often"]);
  });
  it("takes 'y' as a yes and 'what should happen' as asking for a way", () => {
    const x = extractOf(
      "Move the cron jobs to the new scheduler.",
      "Done for three of them. What should happen when a job is still running at its next start?",
      "Skip the new run then, and log it.",
    );
    expect(holds(x.decisions, "Skip the new run then")).toBe(true);
  });
});

describe("a way ordered after a finding", () => {
  it("takes an order marked by 'then' after the assistant says what it found as a choice", () => {
    const x = extractOf(
      "The upload worker eats memory until it dies.",
      "Found it: each upload keeps its buffer in a module-level list because the cleanup hook never runs.",
      "Aha. Drop the list and stream each part straight to disk then.",
    );
    expect(holds(x.decisions, "stream each part straight to disk")).toBe(true);
  });
  it("leaves an order that only moves the work on a request", () => {
    const x = extractOf(
      "The upload worker eats memory until it dies.",
      "Found it: each upload keeps its buffer in a list because the cleanup hook never runs.",
      "ok, run the soak test again then.",
    );
    expect(x.decisions).toEqual([]);
  });
});

describe("rules without the usual words", () => {
  it("reads an act ruled out by its gerund and a rule passed on by someone's job", () => {
    const x = extractOf(
      "Add offline mode to the field survey app.",
      "I'll queue the submissions locally.",
      "Losing a submission is never acceptable. Our surveyor asked that the photos stay on the device until the upload succeeds.",
    );
    expect(holds(x.constraints, "Losing a submission is never acceptable")).toBe(true);
    expect(holds(x.constraints, "asked that the photos stay on the device")).toBe(true);
  });
  it("reads 'X should …' of a class and a rule after 'One thing from our …:'", () => {
    const x = extractOf(
      "Tidy up the alerting for the batch jobs.",
      "I see alerts going to email only.",
      "also skipped batches should page the on-call person. One thing from our auditor: she asked that no alert text carries account numbers.",
    );
    expect(holds(x.constraints, "skipped batches should page")).toBe(true);
    expect(holds(x.constraints, "no alert text carries account numbers")).toBe(true);
  });
});

describe("goals", () => {
  it("reads 'I'd like it to …' as the work", () => {
    expect(
      goalOf("We run a Matrix bot for our choir. I'd like it to post the rehearsal plan every Monday."),
    ).toContain("post the rehearsal plan");
  });
  it("joins the ask to a heading that only tells news", () => {
    const goal = goalOf(
      "Today: tidy the settings page.",
      "Starting with the layout.",
      "ugh. new priority: a customer found that exports leak other tenants' rows. Patch the export query first, settings later.",
    );
    expect(goal).toContain("Patch the export query first");
  });
  it("reads 'we need to <verb> …' as the work when nothing else is", () => {
    expect(
      goalOf("We need to debounce writes to the audit log (Go). Bursts are up to 5k per second."),
    ).toContain("debounce writes to the audit log");
  });
});
