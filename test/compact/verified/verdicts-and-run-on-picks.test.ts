// Replies by the kinds round twenty-two found lost on the nineteenth blind set (issue 28): a verdict on the thing
// a closed question asked about ("uploads yes, deletes no", "a PIN is fine", "not case-sensitive", "not yet, …"),
// a short order on it ("drop it"), the pick said first in a long dictated reply, a question about how things
// are today answered with facts, and a guess inside a long report. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, goalOf, holds } from "../../support/extract-turns.ts";

const ASKED = ["Add a sharing link to the album page.", "Okay. Should guests be able to upload photos too?"];

describe("a verdict on the thing asked about", () => {
  it("takes 'X yes, Y no' and 'X is fine' as the choice", () => {
    expect(
      holds(extractTurns(...ASKED, "Uploads yes, deletes no.").decisions, "uploads yes, deletes no"),
    ).toBe(true);
    expect(
      holds(extractTurns(...ASKED, "My sister said uploads are fine.").decisions, "uploads are fine"),
    ).toBe(true);
  });
  it("takes a negated or deferred option as the choice, not as a rule", () => {
    const x = extractTurns("Add a glossary check.", "Sure. Should the check be strict?", "Not strict.");
    expect(holds(x.decisions, "not strict")).toBe(true);
    expect(holds(x.constraints, "not strict")).toBe(false);
    const later = extractTurns(...ASKED, "not yet, uploads are next quarter's project, just show the photos");
    expect(holds(later.decisions, "not yet, uploads are next quarter's project")).toBe(true);
  });
  it("takes a short order on the thing asked about, but not after an offer of more work", () => {
    const kept = extractTurns(
      "Move the importer to the new queue.",
      "Done. Keep the old cron script around?",
      "drop it",
    );
    expect(holds(kept.decisions, "drop it")).toBe(true);
    const offer = extractTurns(
      "Move the importer to the new queue.",
      "Done. Want me to fix the flaky test too?",
      "do it",
    );
    expect(holds(offer.decisions, "do it")).toBe(false);
  });
});

describe("long dictated replies", () => {
  it("keeps the pick said first, before the reasons and the rule", () => {
    const x = extractTurns(
      "the checkout page times out under load",
      "The payment call blocks the request. I can move it to a background job or add a cache in front of it.",
      "background job, a cache would show stale prices to people and finance would hate that, and make sure no order is ever charged twice because that already happened once",
    );
    expect(holds(x.decisions, "background job")).toBe(true);
    expect(holds(x.constraints, "make sure no order is ever charged twice")).toBe(true);
  });
  it("reads a long report with a guess in it as the report, and a guess alone as a remark", () => {
    expect(
      goalOf(
        "so the label printer in bay 2 keeps jamming and I'm fairly sure it must be the new firmware because it only started after the update and the old printers are fine",
      ),
    ).toContain("label printer in bay 2 keeps jamming");
    const x = extractTurns("Fix the printer queue.", "On it.", "Honestly the firmware must be cursed.");
    expect(x.constraints).toHaveLength(0);
  });
});

describe("how things are today", () => {
  it("is a fact answered, not a choice", () => {
    const x = extractTurns(
      "Sync the glossary between the two apps.",
      "Sure. How are duplicates handled today?",
      "Today the newest edit simply wins, which is why we keep losing terms.",
    );
    expect(x.decisions).toHaveLength(0);
  });
});
