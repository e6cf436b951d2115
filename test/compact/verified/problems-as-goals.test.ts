// Goals by the kinds round twenty-six found lost on the twenty-third blind set (issue 28): a problem told, then an
// ask that only points back at it ("Could you help me sort that out?", "Please help to repair.", "find out",
// "need fix before the demo"), and a wish for what people should be able to do ("I'd love them to be able to …",
// "we want that results appear …"). Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns, goalOf, holds } from "../../support/extract-turns.ts";

describe("a problem, then an ask that points back", () => {
  it("makes the problem the goal", () => {
    expect(
      goalOf(
        "Hi, I run a bakery and customers tell me they can't see which cakes can be collected today. Could you help me sort that out on the website?",
      ),
    ).toContain("can't see which cakes can be collected today");
    expect(
      goalOf(
        "Hello, I have a bike shop. The problem is card payments from Belgium fail at checkout. Please help to repair.",
      ),
    ).toContain("card payments from Belgium fail");
    expect(goalOf("uploads time out every friday ~6pm. find out")).toContain("uploads time out every friday");
    expect(goalOf("level 3 crashes on load when the cache is empty. need fix before the demo")).toContain(
      "level 3 crashes on load",
    );
  });
});

describe("a wish for what people can do", () => {
  it("is the goal", () => {
    expect(
      goalOf(
        "Hi! Our members keep phoning to ask if a court is free. I'd love them to be able to book courts themselves.",
      ),
    ).toContain("book courts themselves");
    expect(
      goalOf("Hi, I help the club with its website. We want that scores appear the same evening."),
    ).toContain("scores appear the same evening");
  });
});

describe("trouble reported by those the product serves", () => {
  it("is no rule, while the same words about access stay one", () => {
    const report = extractTurns(
      "Members say they cannot find where to change their plan. We want to make it easy.",
    );
    expect(report.constraints).toHaveLength(0);
    expect(report.goal).toContain("cannot find where to change their plan");
    const access = extractTurns("Add the gradebook. Students can't see other students' grades.");
    expect(holds(access.constraints, "students can't see other students' grades")).toBe(true);
  });
});

describe("work named by its label, its order or a task for you", () => {
  it("reads 'X log: add …', 'First A, then B.' and 'The task for you is …'", () => {
    expect(goalOf("bakery till log: add a field for the allergen code")).toContain(
      "add a field for the allergen code",
    );
    expect(
      goalOf(
        "Add the league table.",
        "Noted, both are on the list.",
        "First the fixtures page, then the table.",
      ),
    ).toContain("First the fixtures page, then the table");
    expect(
      goalOf(
        "Hi, I coordinate the volunteers. The treasurer has a spreadsheet. The task for you is importing that spreadsheet into the app.",
      ),
    ).toBe("The task for you is importing that spreadsheet into the app.");
  });
});

describe("work set aside for other work inside a long sentence", () => {
  it("takes the work said after 'forget X and' or 'drop the X idea and' as the new goal", () => {
    expect(
      goalOf(
        "so I want to build the loyalty stamps page for the car wash",
        "Sure. Stamps per visit or per euro spent?",
        "per visit is nicer, and wait, the manager just called and the card reader at bay two is down again, so forget the stamps for now and fix the card reader payments",
      ),
    ).toContain("fix the card reader payments");
  });
  it("leaves a data step or a choice of approach alone", () => {
    expect(
      goalOf(
        "Goal for this session: import the sensor feed. If a reading is empty, drop the sample and log it.",
      ),
    ).toContain("import the sensor feed");
  });
});

describe("problems listed, and a question released", () => {
  it("reads items under 'Problems reported:' as no rules, and 'just curious, no need to do it now' as none", () => {
    const x = extractTurns(
      "Ticket refunds: the refund page confuses people. Problems reported:\n1. They can't see the amount before confirming.\n2. The email doesn't say when the money arrives.",
    );
    expect(x.constraints).toHaveLength(0);
    const y = extractTurns(
      "Add a mite count to the hive records.",
      "Done. Should I also add an alert?",
      "Would it be hard to colour the card red above 3%? Just curious, no need to do it now.",
    );
    expect(y.constraints).toHaveLength(0);
  });
});
