// Sentences that sound like rules but ask nothing of the work (advice of the world passed on, how things stand
// now, a symptom, the speaker's own resolution, a sigh, a duty laid on a pet or a god, pasted SQL) stay out of
// the rules of a whole pi-shaped session, and true rules of the same shapes stay in. The kinds are the ones
// blind 4 took as rules (issue 28); every case here is written for this file.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scoreRows } from "../../../scripts/bench/extract-sentences-score.ts";
import { isCodeLine } from "../../../src/compact/verified/extract/not-a-rule.ts";
import {
  describesNow,
  isOutsideAdvice,
  statesFact,
} from "../../../src/compact/verified/extract/not-asked.ts";
import { describeScreen, readRows } from "../../support/rule-screen-cases.ts";

const NON_RULES: [string, string][] = [
  ["advice of a website", "Hacker News keeps saying you should never write your own date parser."],
  ["advice of some book", "Some book I read claims you must always name variables in full."],
  ["advice doubted", "My cousin told me you must never use floats for money, whatever that means."],
  [
    "a burden complained about",
    "Right now someone has to rotate the keys by hand each month, which is tedious.",
  ],
  ["how it behaves now", "The cron job only fires on the first of the month at the moment."],
  ["a symptom", "Report downloads time out for teams with more than fifty members."],
  ["a fact with a contrast", "The docs site is on Netlify, not Vercel."],
  ["the speaker's resolution", "I seriously need to stop renaming branches halfway through."],
  ["a sigh", "That legacy cron file is a maze, no one should ever have to touch it."],
  ["a pet obliged", "My goldfish must watch every standup, it is very judgemental."],
  ["a god obliged", "Every hotfix has to be offered to the deploy gods first."],
  ["pasted sql", "ALTER TABLE reports ALTER COLUMN owner_id SET NOT NULL;"],
  ["a task left for when there is time", "If there's time, tidy the changelog as well."],
];

const RULES: [string, string][] = [
  ["advice taken up", "The style guide says never abbreviate names, and I agree, so don't do it here."],
  ["a rule passed on by a party", "Our auditor says exports must keep the original currency."],
  ["a standing limit with now", "Right now we must keep the old endpoint working, which partners depend on."],
  ["a prohibition naming the fact", "Reports must not time out, whatever the team size."],
  ["a rule with a contrast", "Keep the docs site on Netlify, not Vercel."],
  ["a rule for the assistant", "You must stop renaming branches halfway through."],
  ["a rule naming sql", "Every new column must be NOT NULL with a default."],
  ["an approval rule", "Every hotfix has to be approved by Priya first."],
  ["advice of a party to a generic you", "Legal says you can't keep chat logs past ninety days."],
  ["a condition that binds", "If the import fails, always keep the uploaded file."],
];

describeScreen("sentences that ask nothing of the work", NON_RULES, RULES);

describe("the screen's parts", () => {
  it("tells advice of the world from a rule of a party", () => {
    expect(isOutsideAdvice("some blog says you should never mock the database")).toBe(true);
    expect(isOutsideAdvice("according to a podcast, tests should never sleep")).toBe(true);
    expect(isOutsideAdvice("our security team says tokens must expire after an hour")).toBe(false);
    expect(isOutsideAdvice("some blog says you should never mock the database, and i agree")).toBe(false);
  });
  it("reads how things stand now, but not a duty that holds now", () => {
    expect(describesNow("right now the queue holds emails and nothing else")).toBe(true);
    expect(describesNow("currently we have to export by hand, which is slow")).toBe(true);
    expect(describesNow("right now we have to support safari 15")).toBe(false);
    expect(describesNow("for now, never touch the billing module")).toBe(false);
  });
  it("reads a fact or symptom, but not a rule about it", () => {
    expect(statesFact("the mobile client crashes on rotate")).toBe(true);
    expect(statesFact("the mobile client must not crash on rotate")).toBe(false);
  });
  it("reads capitalised sql ended by a semicolon as code, and a rule naming it as prose", () => {
    expect(isCodeLine("GRANT SELECT ON audit_log TO auditor;")).toBe(true);
    expect(isCodeLine("Never GRANT write access to the audit log.")).toBe(false);
  });
});

describe("the round-seven precision corpus, tuned half", () => {
  it("takes none of its hard negatives and keeps its rules", () => {
    const file = join(import.meta.dirname, "../../fixtures/extract-precision/tune.jsonl");
    const score = scoreRows(readRows(file));
    expect(score.negativesTaken).toBe(0);
    expect(score.sentences.constraint.fn).toBe(0);
  });
});
