// Goal statements and recall in whole sessions, by the kinds round six found lost on the third blind set (issue
// 28): the goal told as work under way, in a wish frame, as a wanted thing, as a ticket's ask, in a polite
// condition, as "let's get X <state>", as a how/why question asked as work, as the first step of a plan list;
// choices said as a yes naming the proposal, a part put off, a label with its source, a pick taken back in the
// same breath; rules told on after a colon, under a label with its source, a done gate; a story in the past that
// sets no rule. Each case is written for this file, in a project none of the fixtures use.
import { describe, expect, it } from "vitest";
import { classifySentence } from "../../../src/compact/verified/extract/rules.ts";
import { extractTurns as extractOf, goalOf } from "../../support/extract-turns.ts";

const kindOf = (text: string, prev?: string) =>
  classifySentence({ text, introducesQuote: false }, { prev }).kind;
const goalOfTurns = (...turns: string[]) => goalOf(...turns) ?? "";
const holds = (items: { text: string }[], piece: string) => items.some((i) => i.text.includes(piece));

describe("goal statements by kind", () => {
  it("reads work told as under way as the goal", () => {
    expect(kindOf("We're rewriting the fare calculator for the ferry line in Kotlin.")).toBe("goal");
    expect(kindOf("so I'm hooking up the rain gauge to the irrigation controller")).toBe("goal");
    expect(kindOf("We're trying to shrink the APK of the birding app below 30 MB.")).toBe("goal");
    // A state, a trouble or a choice told in the same shape is no goal.
    expect(kindOf("We're seeing timeouts on the tile server.")).not.toBe("goal");
    expect(kindOf("We're using Postgres 16 for the archive.")).not.toBe("goal");
  });
  it("reads a wish frame with any verb or outcome noun as the goal", () => {
    expect(kindOf("What I'd like to come away with is a printable seating plan for the wedding app.")).toBe(
      "goal",
    );
    expect(kindOf("My hope for this afternoon is that the tram feed parser handles the new stops.")).toBe(
      "goal",
    );
    expect(kindOf("End result we're after: one dashboard for all the hive sensors.")).toBe("goal");
    expect(kindOf("This afternoon's job is the slow export in the lab notebook.")).toBe("goal");
  });
  it("reads a wanted thing, a ticket's ask and a polite condition as the goal", () => {
    expect(kindOf("I need a tiny tool that flags duplicate invoices in the shared folder.")).toBe("goal");
    expect(kindOf("The ticket says we need bulk tagging for the photo archive.")).toBe("goal");
    expect(
      kindOf("If you could help me get the choir's ticket page working again, that would be wonderful."),
    ).toBe("goal");
    expect(kindOf("Let's get the kiosk image booting from the network.")).toBe("goal");
    // A thing wanted for every case, and a wanted class of things, are rules.
    expect(kindOf("My lead wants a screenshot attached whenever a change touches the layout.")).toBe(
      "constraint",
    );
  });
  it("takes the goal of a session that opens with small talk or a question", () => {
    const x = extractOf(
      "hey, around?",
      "Yes! What's up?",
      "so we're adding a pollen forecast to the allergy app. data comes from the open meteo api.",
      "Daily or hourly values?",
      "daily",
    );
    expect(x.goal ?? "").toContain("adding a pollen forecast to the allergy app");
    const asked = extractOf(
      "Could you work out why the label printer cuts off the last line and fix it?",
      "The driver sets the page height too short. Done.",
    );
    expect(asked.goal ?? "").toContain("why the label printer cuts off the last line");
  });
  it("takes the first step of a plan list as the goal, not as a rule", () => {
    const x = extractOf(
      "Plan for this week:\n1. move the ski school bookings to the new calendar API (the old one shuts down in May)\n2. never email instructors outside 8-20h",
      "Started on the calendar client.",
    );
    expect(x.goal ?? "").toContain("move the ski school bookings to the new calendar API");
    expect(holds(x.constraints, "move the ski school bookings")).toBe(false);
    expect(holds(x.constraints, "never email instructors")).toBe(true);
  });
});

describe("choices and rules in whole sessions by kind", () => {
  it("takes a yes that names the proposal and a go-with after a plan put up for a yes", () => {
    const x = extractOf(
      "speed up the nightly export of the parish register",
      "Most time goes into one query per family. Prefetch them?",
      "yep prefetch",
      "I'd do it in two steps: cache the lookups, then stream the rows. OK?",
      "go with two steps",
    );
    expect(holds(x.decisions, "yep prefetch")).toBe(true);
    expect(holds(x.decisions, "go with two steps")).toBe(true);
  });
  it("reads a part put off as a choice and a label with its source as a decision", () => {
    const x = extractOf(
      "Decision from the Tuesday review: we're moving the glossary to its own repository. Today: the redirects for the old glossary pages.",
      "Done. Should I also fix the broken anchors?",
      "not in this PR",
    );
    expect(holds(x.decisions, "moving the glossary to its own repository")).toBe(true);
    expect(holds(x.decisions, "not in this PR")).toBe(true);
    expect(holds(x.constraints, "not in this PR")).toBe(false);
  });
  it("keeps the new pick when a pick is taken back in the same breath", () => {
    const x = extractOf(
      "add exports to the climbing log app",
      "GPX or CSV?",
      "GPX. Hmm, actually no, CSV, the gym staff use spreadsheets.",
    );
    expect(holds(x.decisions, "CSV, the gym staff")).toBe(true);
    expect(x.decisions.some((d) => d.text === "GPX.")).toBe(false);
  });
  it("reads a rule told on after a colon, under a sourced label, and a done gate", () => {
    const x = extractOf(
      "Objective: the pension calculator handles early retirement.",
      "Reading the current formulas.",
      "Our actuary says: when someone retires before 63, the pension drops 0.3% per month. Requirements from the works council: results must be explained in plain words, and no figure may be rounded up.",
      "Implemented.",
      "Verify against the actuary's table before you call it done.",
    );
    expect(holds(x.constraints, "when someone retires before 63")).toBe(true);
    expect(holds(x.constraints, "results must be explained in plain words")).toBe(true);
    expect(holds(x.constraints, "before you call it done")).toBe(true);
  });
  it("sets no rule from a story told in the past", () => {
    const x = extractOf(
      "Last spring the rota solver gave one nurse six nights in a row. We patched the data by hand, never tested it. Today I want property checks for the rota solver.",
      "Writing the generators now.",
      "A nurse must never get more than three nights in a row.",
    );
    expect(holds(x.constraints, "never tested it")).toBe(false);
    expect(holds(x.constraints, "A nurse must never get more than three nights in a row")).toBe(true);
  });
});

describe("an opening ask with its bound", () => {
  it("keeps the work asked first as the goal when a rule bounds it in the same sentence", () => {
    expect(
      goalOfTurns("Split the tide importer into two modules (without touching the CLI flags).", "Done."),
    ).toContain("Split the tide importer into two modules");
    expect(
      goalOfTurns("please upgrade Vite to 6, but leave the legacy plugin alone for now", "Upgraded."),
    ).toContain("upgrade Vite to 6");
    expect(goalOfTurns("could you move the icons into assets/ across the repo", "Moved.")).toContain(
      "move the icons into assets/",
    );
    expect(
      goalOfTurns("need a retry queue for the SMS gateway calls", "Which backoff?", "exponential"),
    ).toContain("a retry queue for the SMS gateway calls");
  });
});

describe("a goal asked as a question, and a someday wish", () => {
  it("reads 'can you help me build …?' as the goal and a someday wish as none", () => {
    expect(kindOf("Could you help me build a loan calculator for the credit union site?")).toBe("goal");
    expect(
      kindOf("I'd like a tiny script that lists which of our servers still run Debian 10 across all racks."),
    ).toBe("goal");
    expect(kindOf("We really should learn Terraform properly one of these days.")).not.toBe("goal");
  });
});

describe("more frames of the same goal kinds", () => {
  it("reads pseudo-clefts, 'after', list places, subjectless hopes and deadlines as the goal", () => {
    for (const said of [
      "What needs doing today is the CSV export for the tax office.",
      "Right, today I'm after a cleaner error page for the booking flow.",
      "Next on my list is porting the billing cron to Go.",
      "Hoping to have the mobile app talking to the new API by Friday.",
      "Need help wiring the payment webhook into the order service.",
      "Time to finally fix the flaky upload test.",
      "First order of business: the login page crashes on Safari.",
      "I'm here to get the docs site deployed to Netlify.",
      "We gotta get the release notes generator working before the launch.",
    ])
      expect(kindOf(said), said).toBe("goal");
  });
});

describe("a new goal after 'stop'", () => {
  it("reads 'stop, change of plans: …' and 'fixing that is the priority now' as the new goal", () => {
    const goal = goalOfTurns(
      "Let's tidy the changelog of the map widget.",
      "Started.",
      "Stop, change of plans: the 2.4 release breaks touch zoom on iPads. Fixing that is the priority now.",
      "Reproduced.",
    );
    expect(goal).toContain("Fixing that is the priority now");
    expect(goal).not.toContain("tidy the changelog");
  });
});
