// Rules, goals and look-alikes by the kinds round nineteen found on the sixteenth blind set (issue 28): a rule
// then "because" and a past reason, a rule wished by someone ("would like us to never …"), "whatever we do", a
// contrast said without a comma, a style guide's "everywhere", a one-off improvement said with "has to … faster",
// and the look-alikes: "For the record, …" history, a symptom with a duration, the team's routine, a question
// without its mark, doubt and "let me think". Each case is written for this file.
import { describe, expect, it } from "vitest";
import { classesOf, extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("rules said with their reasons or through others", () => {
  it("reads a rule followed by 'because' and what happened last time", () => {
    expect(
      classesOf("The cache has to stay in memory because Redis took the site down last spring."),
    ).toEqual(["constraint"]);
  });
  it("reads what someone would like us never to do, and 'whatever we do'", () => {
    const x = extractOf(
      "Tidy the video player settings.",
      "Sure, starting with the quality menu.",
      "The support lead would like us to never autoplay with sound. And whatever we do the captions file stays untouched.",
    );
    expect(holds(x.constraints, "never autoplay with sound")).toBe(true);
    expect(holds(x.constraints, "captions file stays untouched")).toBe(true);
  });
  it("reads a contrast said without a comma and a guide's 'everywhere' as rules", () => {
    expect(classesOf("keep the secrets in the vault not hardcoded")).toEqual(["constraint"]);
    expect(classesOf("Our brand guide says prices are displayed with two decimals everywhere.")).toEqual([
      "constraint",
    ]);
  });
});

describe("goals", () => {
  it("reads 'the X has to load faster' as the work", () => {
    expect(
      goalOf("so the admin dashboard has to load faster, right now the first paint takes eight seconds."),
    ).toContain("admin dashboard has to load faster");
  });
});

describe("look-alikes", () => {
  it("reads history after 'For the record', a symptom with a duration and the team's routine as no rule", () => {
    const x = extractOf(
      "For the record, last year someone decided to store the logs forever. The upload stalls after 5 min. We get the CSV files from the bank.",
    );
    expect(x.constraints).toEqual([]);
  });
  it("takes no choice from a question without its mark or from doubt", () => {
    const x = extractOf(
      "Pick a queue for the mail jobs.",
      "Sidekiq or a plain cron job?",
      "hmm let me think about that, first tell me what each one costs to run",
      "Sidekiq needs Redis; cron needs nothing new.",
      "what happens with cron when two jobs overlap",
    );
    expect(x.decisions).toEqual([]);
    expect(x.constraints).toEqual([]);
  });
});
