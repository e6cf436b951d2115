// Rules, choices and goals by the kinds rounds forty and forty-one found on blinds 48 to 51 (issue 28): the steps of a
// titled plan are work, not rules; a topic label opens the work; a dictated reply picks by its first words; a closed
// question is answered with a value or by doing the asked thing; rules said as bans, limits, terms and rulings; and
// "could we instead …?" replaces the plan; and (round forty-two, from blinds 52 and 53) a pick said as "X rather than Y",
// an ask whose past is only its object's, and rules closed by who set them. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds, misreadRules } from "../../support/extract-turns.ts";

const OPEN = "Build the lending page for the tool library.";

describe("a plan's steps and a topic label", () => {
  it("keeps the steps under a first message's own heading out of the rules, but not a rule among them", () => {
    const x = extractTurns(
      "Tool library changes:\n1. let members reserve a drill online\n2. print a label for each tool\n3. never lend the chainsaw to under-18s",
    );
    expect(holds(x.constraints, "let members reserve a drill online")).toBe(false);
    expect(holds(x.constraints, "print a label for each tool")).toBe(false);
    expect(holds(x.constraints, "never lend the chainsaw to under-18s")).toBe(true);
  });
  it("reads a short opening under a topic label as the work of a session that names it nowhere", () => {
    const x = extractTurns(
      "loan log: borrowers keep forgetting to return the ladders",
      "Reminder email or text?",
      "text",
    );
    expect(x.goal).toContain("borrowers keep forgetting to return the ladders");
    expect(holds(x.constraints, "borrowers keep forgetting")).toBe(false);
  });
});

describe("a reply to a question", () => {
  it("picks by the first words of a dictated reply and ends the pick where a new clause starts", () => {
    const x = extractTurns(
      OPEN,
      "Should overdue reminders go out daily or weekly?",
      "weekly on a Monday morning is plenty and can you tell me where the old reminder script went",
    );
    const pick = x.decisions.find((d) => d.text.startsWith("weekly on a Monday morning"));
    expect(pick).toBeDefined();
    expect(pick?.text).not.toContain("old reminder script");
  });
  it("picks a value or the asked thing done after a closed question, but not a bound or a doubt", () => {
    const value = extractTurns(OPEN, "Should the deposit be a fixed amount?", "Flat rate, ten pounds.");
    expect(holds(value.decisions, "Flat rate, ten pounds")).toBe(true);
    const done = extractTurns(OPEN, "Should the kiosk be locked to the loans page?", "yes lock it");
    expect(holds(done.decisions, "yes lock it")).toBe(true);
    const bound = extractTurns(OPEN, "Should members have a loan limit?", "two tools per member.");
    expect(holds(bound.decisions, "two tools per member")).toBe(false);
    const doubt = extractTurns(OPEN, "Should members have a loan limit?", "Hmm, good question.");
    expect(doubt.decisions).toHaveLength(0);
  });
});

describe("rules", () => {
  it("reads bans, limits, terms and rulings of the business", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "The landlord of the shed bans power tools after 8pm.",
          "The insurance limits us to ten loans at a time.",
          "Deposits are returned within five working days of the return.",
          "The board has ruled that no tool leaves the county.",
          "Juniors are not to borrow anything with a blade.",
          "Nobody under sixteen borrows a power tool.",
          "Loans are permanent once signed.",
          "Safety notes are never visible to other members.",
          "Always the dates in the format day-month-year.",
          "The lending list is for paid-up members only.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("leaves courtesies, symptoms and a laugh alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "No worries at all.",
          "Lovely, speak tomorrow.",
          "The loans page never loads quickly on the shed wifi.",
          "Frankly the committee picks the worst week every year.",
        ],
        false,
      ),
    ).toEqual([]);
  });
});

describe("the work", () => {
  it("is replaced by 'could we instead …?' and stated inside a greeting-led or dictated message", () => {
    const swapped = extractTurns(
      "Hello from the tool library! Could you add online payments for the annual fee?",
      "Stripe or PayPal?",
      "Sorry, the treasurer says fees are too high. Could we instead keep a record of who paid in cash?",
    );
    expect(swapped.goal).toContain("keep a record of who paid in cash");
    const dictated = extractTurns(
      "right so the shed gets busy on saturdays and the thing I need is a sign-in sheet on the tablet because the paper one gets lost",
    );
    expect(dictated.goal).toContain("the thing I need is a sign-in sheet on the tablet");
  });
});

describe("round forty-two", () => {
  it("picks a way put before another without a verb, and asks once whatever its object's past", () => {
    const pick = extractTurns(
      OPEN,
      "The shelves are labelled.",
      "Collection by appointment rather than drop-in.",
    );
    expect(holds(pick.decisions, "Collection by appointment rather than drop-in")).toBe(true);
    const ask = extractTurns(OPEN, "The shelves are labelled.", "Delete the test loans I made this morning.");
    expect(ask.constraints).toHaveLength(0);
    expect(ask.decisions).toHaveLength(0);
  });
  it("reads rules closed by who set them, shares and softer bans", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Drills are never lent overnight; that's a condition of our insurance.",
          "Members never borrow the club's ladder, the chair was very clear.",
          "Each member may borrow one power tool per week.",
          "Hire fees are split equally between the two sheds.",
          "You're not supposed to take the sander home.",
          "We accept only card payments.",
        ],
        true,
      ),
    ).toEqual([]);
  });
});
