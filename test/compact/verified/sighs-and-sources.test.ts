// Rules, goals and choices by the kinds round fourteen found lost on the eleventh blind set (issue 28): a rule whose
// reason is laughed at, a thing bound by a modal amid a sigh, a ticket or an aim named after a lead-in clause, a
// compound word that only looks like "ticket:", a proposal's verb said back, the way named as "the answer". Each case
// is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("rules amid laughs and sighs", () => {
  it("keeps a rule whose reason is laughed at, and leaves a laughed-at rule out", () => {
    const x = extractOf(
      "speed up the import",
      "The importer is faster now.",
      "Don't touch the old FTP poller, it's held up by duct tape lol. Never merge on a Friday the 13th, haha.",
    );
    expect(holds(x.constraints, "Don't touch the old FTP poller")).toBe(true);
    expect(holds(x.constraints, "Friday the 13th")).toBe(false);
  });
  it("keeps a thing bound by a modal inside a sigh", () => {
    const x = extractOf(
      "clean up the type errors",
      "There are 212 of them.",
      "Ugh, I hate this checker but the release branch has to stay green, so fix them one by one.",
    );
    expect(holds(x.constraints, "the release branch has to stay green")).toBe(true);
  });
});

describe("goals after a lead-in", () => {
  it("reads the ticket a lead-in clause names, and an aim before a colon that holds a hyphenated 'ticket'", () => {
    expect(
      goalOf(
        "Grabbing one from the sprint board, the ticket says: 'The rota page should show who is on call next week.'",
      ),
    ).toContain("show who is on call next week");
    expect(
      goalOf(
        "Spam filter for the help-ticket inbox (naive bayes): I want the filter to learn from messages agents mark as spam.",
      ),
    ).toContain("learn from messages agents mark as spam");
  });
});

describe("choices said back", () => {
  it("takes the proposal's own verb said back as a choice, and the way named as 'the answer'", () => {
    const back = extractOf(
      "tidy the dark theme",
      "The accent can't change, so I'd keep it and lighten the panels around it.",
      "ok we keep it",
    );
    expect(holds(back.decisions, "we keep it")).toBe(true);
    const answer = extractOf(
      "pick a language for the new CLI",
      "Go and Rust both fit.",
      "The answer is Go for the CLI, not Rust.",
    );
    expect(holds(answer.decisions, "The answer is Go")).toBe(true);
  });
});
