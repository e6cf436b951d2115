// Rules said across a semicolon, by the kinds round twenty-two found lost on the nineteenth blind set (issue 28):
// a clause that names whose a thing is, then an order that points back to it ("…; leave it alone"), kept as one
// rule; "may read it but never write to it" forbids after "but"; a pick passed on, then "go with that", is a
// choice and no rule. Since round thirty-five a rule and the order that completes it after a single ";" are one
// item (the blind sets label such a sentence whole); a list said with several ";" is still split. Each case is
// written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds } from "../../support/extract-turns.ts";

describe("an order after ';' that points back", () => {
  it("keeps the owner and the order together as one rule", () => {
    const x = extractTurns(
      "Add a weekly export of the booking stats. The pricing sheet belongs to finance; never overwrite it.",
    );
    expect(holds(x.constraints, "the pricing sheet belongs to finance; never overwrite it")).toBe(true);
  });
  it("keeps a rule and the order that completes it after a single ';' in one item", () => {
    const x = extractTurns("Fix the import job. The import must stay idempotent; don't run it at lunchtime.");
    expect(holds(x.constraints, "the import must stay idempotent; don't run it at lunchtime")).toBe(true);
  });
  it("splits a list of rules said with several ';'", () => {
    const x = extractTurns(
      "Fix the import job. The import must stay idempotent; don't run it at lunchtime; log every skipped row.",
    );
    expect(holds(x.constraints, "log every skipped row")).toBe(true);
    expect(x.constraints.some((c) => /idempotent; don't/i.test(c.text))).toBe(false);
  });
  it("reads 'X may read it but never write to it' as a rule", () => {
    const x = extractTurns(
      "Set up the report service. The ledger is run by accounting; we may query it but never update it.",
    );
    expect(holds(x.constraints, "we may query it but never update it")).toBe(true);
  });
});

describe("a pick passed on and taken", () => {
  it("is the choice, not also a rule", () => {
    const x = extractTurns(
      "We need single sign-on for the staff portal.",
      "SAML or OIDC?",
      "The security team chose OIDC in March; go with that.",
    );
    expect(holds(x.decisions, "go with that")).toBe(true);
    expect(holds(x.constraints, "go with that")).toBe(false);
  });
});
