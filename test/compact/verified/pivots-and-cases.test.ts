// Goals, rules and choices by the kinds round thirteen found lost on the tenth blind set (issue 28): a goal after the
// old work is dropped or named "much more urgent", rules headed "rules for X:", an instruction with the case it holds
// in, a case routed somewhere, rules a journal or a license passes on, a bare "fine." that picks nothing. Each case
// is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("goals after a pivot", () => {
  it("takes the new priority after the old work is dropped", () => {
    const goal = goalOf(
      "Today's objective: tidy the changelog generator.",
      "Started on the templates.",
      "stop. Park the changelog work, new priority is getting the nightly backup job to finish again.",
    );
    expect(goal).toContain("getting the nightly backup job to finish again");
  });
  it("takes the aim named 'much more urgent:' and pointed at with 'that's what we fix now'", () => {
    const goal = goalOf(
      "Let's add dark mode to the settings page.",
      "I'll start with the colour tokens.",
      "hold on. much more urgent: invoices print with the wrong VAT rate. that's what we fix now.",
    );
    expect(goal).toContain("invoices print with the wrong VAT rate");
  });
});

describe("rules in cases and from others", () => {
  it("keeps rules under 'rules for X:' and an instruction with the case it holds in", () => {
    const x = extractOf(
      "add firmware updates to the thermostat",
      "The updater downloads the image over HTTPS.",
      "rules for the updater: the image must carry a valid signature. and pause the update if the battery is under 20%.",
    );
    expect(holds(x.constraints, "must carry a valid signature")).toBe(true);
    expect(holds(x.constraints, "pause the update if the battery is under 20%")).toBe(true);
  });
  it("keeps a case routed somewhere, and leaves 'when you have time' a one-off ask", () => {
    const x = extractOf(
      "harden the order consumer",
      "It logs and skips bad messages today.",
      "If an order fails validation, it goes to the orders.rejected queue with the reason attached. Also tidy the README when you have time.",
    );
    expect(holds(x.constraints, "it goes to the orders.rejected queue")).toBe(true);
    expect(holds(x.constraints, "tidy the README")).toBe(false);
  });
  it("keeps rules a journal or a license passes on", () => {
    const x = extractOf(
      "prepare the figures for the paper",
      "The scripts are in figures/.",
      "The journal wants TIFF at 600 dpi. Per the license, any copied snippet keeps its attribution comment.",
    );
    expect(holds(x.constraints, "The journal wants TIFF at 600 dpi")).toBe(true);
    expect(holds(x.constraints, "keeps its attribution comment")).toBe(true);
  });
});

describe("acknowledgements", () => {
  it("reads a bare 'fine.' after a choice question as no choice", () => {
    const x = extractOf("add exports to the report page", "CSV or Excel?", "fine.");
    expect(x.decisions).toEqual([]);
  });
});
