// Rules, choices and goals by the kinds round thirty-eight found on the forty-fourth and forty-fifth blind sets (issue
// 28): a rule named by its closing words or its source, who or what alone a thing serves, bounds said after a figure,
// answers to open questions, work passed on or put first, and look-alikes (a symptom, a tale told, a bare "moving on").
// Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, holds, misreadRules } from "../../support/extract-turns.ts";

const OPEN = "Build the booking screen for the bowls club.";

describe("a rule named by its last words or its source", () => {
  it("is a rule", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Guests leave the green by dusk; that's club policy.",
          "Woods are measured before the last end, that's the county's rule.",
          "Scores are entered in whole shots, the league insists.",
          "Per the committee, visiting teams pay their green fees at the bar.",
          "Under our lease, the car park closes at ten.",
          "Maggie, the treasurer, says refunds go back to the card they came from.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("keeps the clause a party wants on everything, after a pick in the same sentence", () => {
    const x = extractTurns(
      OPEN,
      "Should the booking card be landscape or portrait?",
      "landscape suits the screen, and print the club crest on every card, the chairman wants that on everything we send",
    );
    expect(holds(x.constraints, "print the club crest on every card")).toBe(true);
    expect(x.goal).toContain("booking screen");
  });
});

describe("who or what alone, and bounds said after the figure", () => {
  it("is a rule", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Rink three is for junior coaching only.",
          "Match fees are visible to the captain and the treasurer, nobody else.",
          "A roll-up is 20 minutes, nothing longer.",
          "Locker keys are non-transferable.",
          "No result is published until both captains sign the card.",
          "Lost membership cards cost five pounds to replace.",
          "Results go to the county within 24 hours of the match finishing.",
        ],
        true,
      ),
    ).toEqual([]);
  });
  it("leaves a symptom and a story told by someone else alone", () => {
    expect(
      misreadRules(
        OPEN,
        [
          "Nothing loads until I refresh the page twice.",
          "The groundsman told me a story about the old mower, don't ask.",
          "The captain says the new shirts look great.",
        ],
        false,
      ),
    ).toEqual([]);
  });
});

describe("an answer to an open question", () => {
  it("picks the value it names", () => {
    const asked = [
      ["How should a cancelled rink show on the board?", "A grey stripe across the rink name"],
      ["When do the reminder emails go out?", "Thursday noon"],
      ["Holds expire after how long?", "Two days"],
      ["What about members who have not paid this year?", "Hide them from the list"],
    ];
    for (const [question, answer] of asked) {
      const x = extractTurns(OPEN, question as string, `${answer}.`);
      expect(holds(x.decisions, answer as string), answer).toBe(true);
    }
  });
  it("keeps a rule passed on as a rule", () => {
    const x = extractTurns(
      OPEN,
      "How should late cancellations be charged?",
      "Per our insurance, cancellations inside a day are charged in full.",
    );
    expect(holds(x.constraints, "cancellations inside a day are charged in full")).toBe(true);
    expect(x.decisions).toHaveLength(0);
  });
});

describe("the work", () => {
  it("is what a party has asked for, or what is put ahead of the plan", () => {
    expect(
      extractTurns("The club committee has asked for the fixture list to show away venues.").goal,
    ).toContain("show away venues");
    const first = extractTurns(
      "I want a league table page for the summer season.",
      "The table is half done.",
      "The chairman says more urgent is the volunteer rota, he needs it by Friday.",
    );
    expect(first.goal).toContain("more urgent is the volunteer rota");
  });
  it("is not replaced by a bare 'moving on', a greeting from a place, or a musing", () => {
    const x = extractTurns(
      "Good evening from the bowls club. We'd love members at the club to be able to book rinks from their phones.",
      "Rink booking works on phones now.",
      "Good, moving on. Now I'm wondering whether the bar needs its own page.",
    );
    expect(x.goal).toContain("book rinks from their phones");
  });
  it("asks once with an order said as a question", () => {
    const x = extractTurns(OPEN, "The screen is built.", "Rebuild the assets for me?");
    expect(x.constraints).toHaveLength(0);
    expect(x.goal).toContain("booking screen");
  });
});
