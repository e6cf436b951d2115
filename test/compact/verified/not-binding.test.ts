// Sentences that sound like rules and bind nobody on the work (an outsider's habit, a thing described through a
// relative clause, a symptom, venting at a past author, a ban told with its story, a regret, the speaker's vow or
// inability, a crowd's opinion, a machine treated as a creature, a factual yes-answer, a need for something new
// said before the work has a goal) stay out of a whole pi-shaped session's rules and choices, and true rules of
// the same shapes stay in. The kinds are the ones blind 5 and the earlier sets took as rules (issue 28, round
// eight); every case here is written for this file.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scoreRows } from "../../../scripts/bench/extract-sentences-score.ts";
import { extractTurns } from "../../support/extract-turns.ts";
import { describeScreen, keptRules as kept, readRows } from "../../support/rule-screen-cases.ts";

const NON_RULES: [string, string][] = [
  ["an outsider's habit", "The courier never rings the bell before noon."],
  ["a thing described through a relative clause", "The seed data sits in a folder that no one touches."],
  ["a thing complained of", "That bundler always has to rebuild the whole tree for one line."],
  ["a symptom of people", "Most of the night shift still can't open the rota on their phones."],
  ["venting at a past author", "Whoever named these tables should have to read them aloud daily."],
  ["a ban told with its story", "Never let sales pick a colour again, we got a neon green invoice."],
  ["a regret in the perfect", "Honestly the old vendor could have warned us sooner."],
  ["the speaker's vow", "After this I'm never writing a date parser again."],
  ["the speaker's inability", "I can't figure out why the second request is slower."],
  ["a crowd's opinion", "Everybody online says you must never use sessions, but who knows."],
  ["a joke under a rule label", "Golden rule of this codebase: never make eye contact with the cron module."],
  ["an idle aside", "Just wondering, not switching anything this sprint."],
  ["a machine as a creature", "Rule two of the build farm: do not make eye contact with agent seven."],
];

const RULES: [string, string][] = [
  ["a party's rule", "The courier's API must only be called from the worker."],
  ["a relative clause inside an ask", "Use a folder that no one else can write to."],
  ["a present-tense author rule", "Whoever touches the rota code must add a test."],
  ["a ban with no story", "Never let the queue grow past ten thousand jobs."],
  ["a limit said by the speaker", "I can't have the page take more than two seconds, keep it under that."],
  ["an ask after an idle aside", "Just wondering, don't touch the lockfile yet."],
  ["an outsider's access barred in the present", "The contractor never sees customer data."],
  ["a property asked in a relative clause", "Uploads go to a bucket that nobody else can read."],
  ["a state kept on purpose", "Guests still can't see other guests' bookings, keep it that way."],
  ["a party inside a crowd word", "Everyone in legal says we must keep logs for seven years."],
  ["a thing's duty with 'always has to'", "That endpoint always has to return JSON, even on errors."],
  ["a duty of whoever did a step", "Whoever approved the change must also sign the release notes."],
  ["a team agreement", "Everyone on the team agreed that tests must not hit the network."],
  ["an outsider barred", "The vendor must never get write access."],
  ["a users' rule", "Night-shift staff must never see the payroll columns."],
];

describeScreen("sentences that bind nobody on the work", NON_RULES, RULES);

describe("sentence ends", () => {
  it("ends no sentence at a mark inside brackets, so no fragment is a rule", () => {
    expect(kept("Every import needs a test with a realistic (made up!) payload.")).toEqual([
      "Every import needs a test with a realistic (made up!) payload.",
    ]);
  });
});

describe("answers and needs", () => {
  it("takes a factual yes-answer as no choice, and a yes that says what to do as one", () => {
    expect(
      kept("Yes, a Redis instance is already running there.", "Is there a Redis instance on that host?"),
    ).toEqual([]);
    expect(kept("Yes, compression is enabled at the proxy.", "Is compression enabled anywhere yet?")).toEqual(
      [],
    );
    expect(kept("yes, config/app.yaml", "Is there a config file I should use?")).not.toEqual([]);
    expect(
      kept(
        "Yes, reuse the Redis instance that's there.",
        "Should I add a new Redis or reuse the one on the host?",
      ),
    ).not.toEqual([]);
  });
  it("reads a need for something new said first as the goal, not as a rule", () => {
    const x = extractTurns("Our rota app needs an export to iCal.", "OK. Per person or per team?");
    expect(x.goal).toBe("Our rota app needs an export to iCal.");
    expect(x.constraints).toEqual([]);
  });
  it("keeps a need that holds as a rule", () => {
    const x = extractTurns(
      "Add an iCal export to the rota app.",
      "On it.",
      "We need every exported event to keep the shift id.",
    );
    expect(x.constraints.map((c) => c.text)).toEqual(["We need every exported event to keep the shift id."]);
  });
});

describe("the round-eight precision corpus, tuned half", () => {
  it("takes at most one of its hard negatives and keeps its rules' recall", () => {
    const file = join(import.meta.dirname, "../../fixtures/extract-precision-2/tune.jsonl");
    const score = scoreRows(readRows(file));
    expect(score.negativesTaken).toBeLessThanOrEqual(1);
    expect(score.sentences.constraint.fn).toBeLessThanOrEqual(1);
  });
});
