// Replies by the kinds round twenty-three found lost on the twentieth blind set (issue 28): a yes that points
// ("yes, those") or says how in a few words ("yep, newest first"), the question's own words said back ("from
// the 1st."), a verb of an "A or B?" question opening the reply ("Stop and …" after "Stop or continue?"), doubt
// ("maybe, maybe not") that picks nothing, and an extra turned down ("not needed") that sets no rule.
// Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds } from "../../support/extract-turns.ts";

const reply = (question: string, answer: string) =>
  extractTurns("Set up the weekly rota export.", question, answer).decisions;

describe("replies that pick", () => {
  it("takes a pointing or short 'yes'", () => {
    expect(holds(reply("Use the shift codes from the staff table?", "yes, those"), "yes, those")).toBe(true);
    expect(holds(reply("Sort the rota by start time?", "yep, earliest first"), "yep, earliest first")).toBe(
      true,
    );
  });
  it("takes the question's own words said back", () => {
    expect(holds(reply("Should the new rates apply from the 1st?", "From the 1st."), "from the 1st")).toBe(
      true,
    );
  });
  it("takes a reply that opens with a verb the question offered", () => {
    const x = extractTurns(
      "Set up the weekly rota export.",
      "Three rows have no staff id. Skip or stop?",
      "Stop and show me those rows.",
    );
    expect(holds(x.decisions, "stop and show me those rows")).toBe(true);
    expect(holds(x.constraints, "stop and show me those rows")).toBe(false);
  });
});

describe("replies that pick nothing or set no rule", () => {
  it("leaves doubt unpicked and an extra turned down no rule", () => {
    expect(reply("Should late swaps notify the manager?", "Maybe, maybe not.")).toHaveLength(0);
    const x = extractTurns("Set up the weekly rota export.", "Done. Want a demo video?", "Not needed.");
    expect(x.constraints).toHaveLength(0);
  });
});

describe("replies that name the way by its verb or its stem", () => {
  it("takes 'do that' after 'they could …', a verb of the offered ways, and a stem said back", () => {
    const x = extractTurns(
      "Fix the ledger edits.",
      "They could add a reversal entry that points to the original one.",
      "do that",
    );
    expect(holds(x.decisions, "do that")).toBe(true);
    expect(
      holds(
        reply(
          "For the rest, should I hold the order or send it with a default code?",
          "hold it, a wrong code costs more",
        ),
        "hold it",
      ),
    ).toBe(true);
    expect(
      holds(
        reply("Should members be able to reserve a court?", "No reservation, the board is against it."),
        "no reservation",
      ),
    ).toBe(true);
  });
});

describe("a no said by negating the option, and a story quoted before the answer", () => {
  it("takes 'not X, only Y' as the choice and skips the quoted story", () => {
    expect(
      holds(
        reply("Should beta builds be listed too?", "Not beta builds, only the stable ones."),
        "not beta builds",
      ),
    ).toBe(true);
    const x = extractTurns(
      "Add refunds to the booking app.",
      "The code has a comment 'TODO: never refund deposits'. Should I keep that?",
      "The old manager wrote 'never refund deposits' years ago. Deposits follow the same rules now.",
    );
    expect(holds(x.decisions, "years ago")).toBe(false);
  });
});

describe("picks said with their reason or a short word more", () => {
  it("reads 'so X it shall be' and keeps a short word after a long reply's pick", () => {
    expect(
      holds(
        reply(
          "For the API style, REST or GraphQL?",
          "Our partner shops only know REST, so REST it shall be.",
        ),
        "so rest it shall be",
      ),
    ).toBe(true);
    expect(
      holds(
        reply(
          "Should the reminder go at a fixed time or 24 hours before?",
          "fixed time is fine, 9 in the morning, and funny story, last week a customer brought us cake for the reminders",
        ),
        "fixed time is fine, 9 in the morning",
      ),
    ).toBe(true);
  });
});
