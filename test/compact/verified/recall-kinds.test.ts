// Rules and choices inside whole sessions, by more kinds round six found lost on the third blind set (issue 28):
// a yes/no answer that says how something behaves for good, a pick with a rule of its own after ", and", the
// reason after a pick, a late addition announced before its rule, a terse "zero X"; and look-alikes: a release
// ("no need to do it"), a refusal ("not happening"), the speaker's routine. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, holds } from "../../support/extract-turns.ts";

describe("rules and choices said in replies", () => {
  it("reads a yes/no answer that holds for good as a rule", () => {
    const x = extractOf(
      "add a lockout to the smart safe firmware",
      "Lockout after five wrong codes. Should the lockout clear after a reboot?",
      "no, it stays locked until the owner's master code is entered",
    );
    expect(holds(x.constraints, "it stays locked until the owner's master code")).toBe(true);
  });
  it("keeps the rule said after a pick with ', and'", () => {
    const x = extractOf(
      "clean up the sensor ingest of the greenhouse",
      "For readings out of range: clamp them, or drop them?",
      "drop them, and write each dropped reading to the audit file",
    );
    expect(holds(x.decisions, "drop them")).toBe(true);
    expect(holds(x.constraints, "write each dropped reading to the audit file")).toBe(true);
  });
  it("keeps the reason after a bare pick with the pick, not as a second pick", () => {
    const x = extractOf(
      "store the quiz answers of the language app",
      "One row per answer, or one JSON blob per attempt?",
      "rows. simpler to query",
    );
    expect(x.decisions.map((d) => d.text)).toEqual(["rows. simpler to query"]);
  });
});

describe("rules said late or tersely", () => {
  it("reads the rule after an announced late addition", () => {
    const x = extractOf(
      "Set up the nightly sync of the herbarium scans.",
      "The sync job is written.",
      "One thing I should have said at the start: the curators edit files over SMB, so locked files must be skipped, not retried forever. My own addition: please don't email the curators when a sync fails, they read the dashboard.",
    );
    expect(holds(x.constraints, "locked files must be skipped")).toBe(true);
    expect(holds(x.constraints, "please don't email the curators when a sync fails")).toBe(true);
  });
  it("reads 'zero X' after a yes as a requirement", () => {
    const x = extractOf(
      "swap the payment gateway of the ferry tickets",
      "The new gateway is ready in staging. Switch production now?",
      "yes. zero lost orders",
    );
    expect(holds(x.constraints, "zero lost orders")).toBe(true);
  });
});

describe("look-alikes that set no rule", () => {
  it("takes no rule from a release, a refusal or the speaker's routine", () => {
    const x = extractOf(
      "Every Monday I paste the bus delays into a spreadsheet by hand. Today: a script that pulls the delays from the transit API into that sheet.",
      "Script drafted. Want a chart too?",
      "Just wondering, no need to build it. A full rewrite in Go? Not happening this year.",
    );
    expect(holds(x.constraints, "paste the bus delays")).toBe(false);
    expect(holds(x.constraints, "no need to build it")).toBe(false);
    expect(holds(x.constraints, "not happening")).toBe(false);
    expect(x.goal ?? "").toContain("a script that pulls the delays from the transit API");
  });
});

describe("rules in lists and cases, and a need that opens the work", () => {
  it("reads a plain item in a list of rules as a rule, but not numbered answers", () => {
    const x = extractOf(
      "seat map for the theatre app.\n1. use the venue's SVG, not our own drawing\n2. no seat may be sold twice\n3. prices shown with the booking fee included",
      "Started on the SVG loader.",
    );
    expect(holds(x.constraints, "prices shown with the booking fee included")).toBe(true);
    const answered = extractOf(
      "Answers:\n1. yes, keep the legacy export\n2. never email guests twice\n3. monthly invoices",
      "Thanks.",
    );
    expect(holds(answered.constraints, "monthly invoices")).toBe(false);
  });
  it("reads a case named up front with what applies in it as a rule, and a fact waved through as none", () => {
    const x = extractOf(
      "Objective: shipping costs in the pottery shop.",
      "Reading the cart code.",
      "Above 20 kg, the freight tariff applies. Fragile items get bubble wrap from the packer anyway.",
    );
    expect(holds(x.constraints, "Above 20 kg, the freight tariff applies")).toBe(true);
    expect(holds(x.constraints, "bubble wrap")).toBe(false);
  });
  it("takes a need of the product that opens a session as its goal", () => {
    const x = extractOf(
      "need the booking page of the escape rooms to accept group bookings of up to 12 people",
      "Which date format?",
      "ISO",
    );
    expect(x.goal ?? "").toContain("booking page of the escape rooms to accept group bookings");
  });
});

describe("a case given its handling, and a story's upshot", () => {
  it("reads a condition whose main clause gives the case its own handling as a rule", () => {
    const x = extractOf(
      "alerts for the cold room sensors of the brewery",
      "Readings come every minute. Should one missing reading raise an alert?",
      "no. but if the sensor is silent for ten minutes, that's a separate alarm",
    );
    expect(holds(x.constraints, "that's a separate alarm")).toBe(true);
  });
  it("reads the present upshot at the end of a story as the rule", () => {
    const x = extractOf(
      "Reminder emails for the dentist's booking tool.",
      "Looking at the scheduler.",
      "I sat with the receptionists yesterday and they went on forever but the gist is the reminder has to go out two days before, and Sunday bookings get a phone call instead.",
    );
    expect(holds(x.constraints, "the reminder has to go out two days before")).toBe(true);
  });
});
