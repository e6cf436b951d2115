// Replies and relayed rules by the kinds round twenty-five found lost on the twenty-second blind set (issue 28): an
// option put off ("not for this season", "not until the board signs off", "not today"), a reason said with a
// modal after a pick ("Legal would never sign that.") that picks nothing, a list under "Here's what matters:",
// a message passed on from a committee, and "the drivers asked that …". Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds } from "../../support/extract-turns.ts";

describe("an option put off", () => {
  it("is the choice", () => {
    for (const said of [
      "Not for this quarter, thanks.",
      "Not until the safety review signs off on Monday.",
      "Not today.",
    ]) {
      const x = extractTurns(
        "Add the shift swap page.",
        "Done. Should swaps also notify the depot by SMS?",
        said,
      );
      expect(holds(x.decisions, said.replace(/[.]$/, ""))).toBe(true);
      expect(x.constraints).toHaveLength(0);
    }
  });
});

describe("a reason after a pick", () => {
  it("picks nothing when it says why with a modal", () => {
    const x = extractTurns(
      "Add SMS reminders.",
      "Which provider? Nexmo is quick; the county has a contract with SignalText.",
      "Use the county one. Legal would never sign off on Nexmo.",
    );
    expect(holds(x.decisions, "use the county one")).toBe(true);
    expect(holds(x.decisions, "legal would never")).toBe(false);
  });
});

describe("rules passed on or headed", () => {
  it("reads a list under 'Here's what matters:' as rules", () => {
    const x = extractTurns(
      "We need a cleaning rota board. Here's what matters:\n1) Kitchens are cleaned before offices.\n2) Nothing from the staff HR file shows on the board.",
    );
    expect(holds(x.constraints, "kitchens are cleaned before offices")).toBe(true);
  });
  it("reads 'Message from the committee:' and 'the drivers asked that …' as rules passed on", () => {
    const x = extractTurns(
      "Message from the events committee: from now on every ticket must show the seat number.",
      "Understood.",
      "Also the drivers asked that every route sheet lists the fuel stops.",
    );
    expect(holds(x.constraints, "every ticket must show the seat number")).toBe(true);
    expect(holds(x.constraints, "every route sheet lists the fuel stops")).toBe(true);
  });
});
