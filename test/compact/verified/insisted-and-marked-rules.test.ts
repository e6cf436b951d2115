// Rules by the kinds round twenty-three found lost on the twentieth blind set (issue 28): a short insistence after
// a rule ("… always.", "no exceptions"), a clause called a rule by its last words (", that's the rule", ", that's
// what finance told me to always use"), how a kind of thing is counted, a rule passed on by a committee, a
// status list under "Here's where we are:", and a task asked for once. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds } from "../../support/extract-turns.ts";

describe("a rule and its insistence", () => {
  it("keeps 'always.' and 'no exceptions' with the rule before them", () => {
    const x = extractTurns(
      "Add the kitchen ticket printer.",
      "Done. Any format limits?",
      "tickets stay under 32 columns. always.",
    );
    expect(holds(x.constraints, "tickets stay under 32 columns. always.")).toBe(true);
    expect(x.constraints).toHaveLength(1);
  });
});

describe("a clause called a rule", () => {
  it("reads ', that's the rule' inside a long goal sentence", () => {
    const x = extractTurns(
      "so today we're doing the irrigation controller for the north field, right now it waters during rain which wastes water, so watering stops whenever the rain sensor reads wet, that's the rule",
    );
    expect(holds(x.constraints, "watering stops whenever the rain sensor reads wet")).toBe(true);
  });
  it("reads an answer called a standing rule as the rule", () => {
    const x = extractTurns(
      "Build the monthly invoice run.",
      "Which tax table should it use?",
      "The regional table from January, that's what our accountant told me to always use.",
    );
    expect(holds(x.constraints, "the regional table from january")).toBe(true);
  });
});

describe("rules of a domain and of its bodies", () => {
  it("reads how a kind of thing is counted, and a committee's wish", () => {
    expect(
      holds(
        extractTurns("Build the league table. Forfeits count as a 2-0 result.").constraints,
        "forfeits count as a 2-0 result",
      ),
    ).toBe(true);
    expect(
      holds(
        extractTurns("Build the league table.", "Done.", "The committee wants forfeits shown in grey.")
          .constraints,
        "forfeits shown in grey",
      ),
    ).toBe(true);
  });
  it("reads a list under 'Here's where we are on …:' as the user's own", () => {
    const x = extractTurns(
      "Here's where we are on the billing pipeline:\n- Goal for today: send reminders for unpaid invoices.\n- Never email a customer twice in one day.",
    );
    expect(holds(x.constraints, "never email a customer twice in one day")).toBe(true);
  });
  it("takes a task asked for once as no rule", () => {
    const x = extractTurns(
      "Add the reminder job.",
      "Done.",
      "Could you chart the unpaid totals? Just this once for the board meeting, not part of the job.",
    );
    expect(x.constraints).toHaveLength(0);
  });
});
