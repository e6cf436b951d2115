// Rules whose verb is in no word list (issue 28, round six), read by shape from part-of-speech tags: an imperative
// with a rare verb, a norm stated of a class of things in the present tense, an instruction after a condition;
// and the look-alikes of the same shapes that set no rule (status reports, descriptions of how the code is now,
// narration, questions, one-off steps). Each case is written for this file; the tagger is the real model.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { extractBranch } from "../../../src/compact/verified/extract/index.ts";
import { tagWords } from "../../../src/compact/verified/extract/pos-tagger.ts";
import { opensWithVerb, statesNorm } from "../../../src/compact/verified/extract/rule-shape.ts";
import { classifySentence } from "../../../src/compact/verified/extract/rules.ts";
import type { BranchEntry } from "../../../src/session/entries.ts";

const kindOf = (text: string) => classifySentence({ text, introducesQuote: false }).kind;

describe("rules whose verb no list names", () => {
  it.each([
    "Sanitise every filename a user uploads.",
    "Always escape angle brackets in the tooltips.",
    "Please transliterate non-Latin names in the URLs.",
    "Deduplicate the events in every consumer.",
    "Redact tokens in error reports.",
  ])("an imperative with a rare verb and a general object: %s", (text) => {
    expect(kindOf(text)).toBe("constraint");
  });

  it.each([
    "Cookies expire after a week.",
    "Every invoice carries a sequence number.",
    "Preview links vanish after a day.",
    "Each worker reports its heartbeat to the registry.",
    "Receipts travel by email, never by text message.",
  ])("a norm of a class of things in the present tense: %s", (text) => {
    expect(kindOf(text)).toBe("constraint");
  });

  it.each([
    "When the disk fills up, shed the debug logs first.",
    "If a refund bounces, escalate it to billing.",
  ])("an instruction with a rare verb after a condition: %s", (text) => {
    expect(kindOf(text)).toBe("constraint");
  });
});

describe("look-alikes of the same shapes stay out", () => {
  it.each([
    ["a status report", "All 40 tests pass."],
    ["a status report", "Snapshots match."],
    ["a description of now", "Right now the queue drops messages over 1 MB."],
    ["a description of one thing", "This helper returns undefined for empty arrays."],
    ["a description with a counted subject", "Most requests hit the cache."],
    ["a story in the present", "Then the worker picks the job and sleeps."],
    ["a question", "Do invoices carry a sequence number?"],
    ["a one-off step", "Sanitise that filename before the upload."],
    ["a symptom of a class of things", "Thumbnail images load slowly on mobile."],
  ])("%s: %s", (_why, text) => {
    expect(kindOf(text)).not.toBe("constraint");
  });
});

describe("the shapes on their own", () => {
  it("reads a rare verb first as an imperative and a noun first as a subject", () => {
    expect(opensWithVerb("transliterate names in the urls", tagWords)).toBe(true);
    expect(opensWithVerb("thumbnail images load slowly on mobile", tagWords)).toBe(false);
  });

  it("takes the present tense of a class as a norm, and neither the past nor a single thing", () => {
    expect(statesNorm("cookies expire after a week", tagWords)).toBe(true);
    expect(statesNorm("cookies expired after a week", tagWords)).toBe(false);
    expect(statesNorm("the parser expires after a week", tagWords)).toBe(false);
  });
});

describe("in a whole session", () => {
  it("extracts the rules among requests, keeping the requests and the report out", () => {
    const b = createSessionBuilder({ cwd: "/home/dev/app" });
    b.user("We're building the refunds page today.");
    b.assistant({ text: "Sounds good. Where do we start?" });
    b.user("Cookies expire after a week. Also, redact tokens in error reports.");
    b.assistant({ text: "Noted. I ran the suite." });
    b.user("Snapshots match. Now show me the refunds handler.");
    b.assistant({ text: "Here it is." });
    const x = extractBranch(b.entries as unknown as BranchEntry[], { cwd: "/home/dev/app" });
    const rules = x.constraints.map((c) => c.text);
    expect(rules).toContain("Cookies expire after a week.");
    expect(rules.some((r) => r.includes("redact tokens in error reports"))).toBe(true);
    expect(rules.some((r) => /snapshots|refunds handler/i.test(r))).toBe(false);
  });
});
