// Non-rules that carry rule words (code, config and log lines, commands, "rules" of a house or a game, jokes,
// venting, irony, counterfactuals, the past) stay out of the rules, and true rules that look like them (a rule
// naming code, a rule said with a laugh, inside a sigh, after a story) stay in. Each case is written for this
// file, one per kind, through whole pi-shaped sessions; the sentence screen's own tests follow.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { extractBranch } from "../../../src/compact/verified/extract/index.ts";
import {
  earnestAsk,
  isCodeLine,
  isRuleOfElsewhere,
} from "../../../src/compact/verified/extract/not-a-rule.ts";
import type { BranchEntry } from "../../../src/session/entries.ts";

const CWD = "/home/dev/app";

/** The rules and choices the extraction keeps from one user message after an assistant question. */
function kept(message: string): string[] {
  const b = createSessionBuilder({ cwd: CWD });
  b.user("Let's fix the invoice export today.");
  b.assistant({ text: "Sure. Anything I should know first?" });
  b.user(message);
  b.assistant({ text: "Understood." });
  const x = extractBranch(b.entries as unknown as BranchEntry[], { cwd: CWD });
  return [...x.constraints.map((c) => c.text), ...x.decisions.map((d) => d.text)];
}

const NON_RULES: [string, string][] = [
  [
    "code with a rule comment",
    "UPDATE ledger SET total = 0 WHERE id = 7; -- totals must never be reset by hand",
  ],
  ["a guard line", "if (!order.paid) return reject('orders must be paid first');"],
  ["a config line with a comment", "pool_size = 20  # never go above 50 here"],
  ["a tool's error output", "error: you must specify a remote branch to push to"],
  ["a stack frame", "    at Server.handle (/srv/app/never-cache.js:88:14)"],
  ["a command", "docker rm -f web-1 --volumes"],
  ["a rule of a house", "The rule at my grandma's place: shoes always come off at the door."],
  ["a maxim of an activity", "First rule of code review: never review after lunch."],
  ["a joke that laughs at itself", "Never name a branch after a pet, lol"],
  ["venting about oneself", "Every morning I have to log in three times, it drives me mad."],
  ["belief, not duty", "I bet the cache must be stale again."],
  ["irony", "Oh sure, because skipping the tests always ends well."],
  ["a counterfactual", "If we had a bigger budget we would never touch this vendor again."],
  ["a possibility in theory", "We might in theory ban mutable globals, but that's for another day."],
  ["the past", "Back in 2020 the team always deployed from a laptop."],
  ["the speaker's ability", "I can never tell which config file wins."],
  ["a quote under discussion", 'The old wiki says "never use tabs", which nobody follows.'],
];

const LOOK_ALIKES: [string, string][] = [
  ["a rule naming code", "Never call `process.exit` inside the library code."],
  ["a rule naming a flag in prose", "Always run the tests with --runInBand on CI."],
  ["a rule said with a laugh, meant", "Haha, but for real: no pushing straight to main."],
  ["a rule inside a sigh", "Ugh, fine, just don't rename the exported types."],
  ["a rule after venting", "I hate this build script, but keep it as it is for now."],
  ["a rule after the past", "Last year the cron job ran twice, so always take the lock first."],
  ["a rule of this work", "Golden rule for this repo: every change gets a test."],
  ["a label and a choice", "Decision: Postgres."],
  ["a quote made a rule", 'Security said "no secrets in env files", and that is non-negotiable.'],
];

describe("non-rules stay out of the rules", () => {
  for (const [kind, text] of NON_RULES)
    it(kind, () => {
      expect(kept(text)).toEqual([]);
    });
});

describe("true rules that look like non-rules stay in", () => {
  for (const [kind, text] of LOOK_ALIKES)
    it(kind, () => {
      expect(kept(text).length, text).toBe(1);
    });
});

describe("the screen's parts", () => {
  it("tells a pasted line from a sentence that names code", () => {
    expect(isCodeLine("const MAX_RETRIES = 3;")).toBe(true);
    expect(isCodeLine('"noEmit": true,')).toBe(true);
    expect(isCodeLine("Keep `noEmit` on in the base config.")).toBe(false);
    expect(isCodeLine("No native builds in CI;")).toBe(false);
    expect(isCodeLine("Choice: uPlot.")).toBe(false);
  });
  it("tells a rule of the work from a rule of somewhere else", () => {
    expect(isRuleOfElsewhere("the only rule in our book club: no spoilers")).toBe(true);
    expect(isRuleOfElsewhere("the only rule for this migration: no downtime")).toBe(false);
    expect(isRuleOfElsewhere("rule one: no downtime")).toBe(false);
  });
  it("finds the ask left in a joke or a sigh, and none in a laugh at oneself", () => {
    const never = () => false;
    expect(earnestAsk("ugh, whatever, just don't touch the cron file", never)).toBe(
      "don't touch the cron file",
    );
    expect(earnestAsk("never let me pick names again haha", never)).toBeNull();
    expect(earnestAsk("never have i seen such a mess, honestly", never)).toBeNull();
  });
});
