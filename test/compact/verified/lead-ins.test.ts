// Goals, rules and choices by the kinds round eleven found lost on the eighth blind set (issue 28): an aim or a rule
// after a lead-in and a colon, a user story quoted under its heading, a scope put before the goal, a "no" that
// declines the option asked about, "A over B" between named things, items under "Don't:". Each case is written for
// this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, goalOf, holds } from "../../support/extract-turns.ts";

describe("goals named after a lead-in", () => {
  it("takes the words after 'the bit I'd love done before lunch:' over the context before them", () => {
    const goal = goalOf(
      "Hello, I'm working on the billing exporter for the bakery chain. It writes one file per shop. The bit I'd love done before lunch: merge the per-shop files into a single daily report.",
    );
    expect(goal).toContain("merge the per-shop files into a single daily report");
  });
  it("reads a user story quoted under its heading as the goal", () => {
    const goal = goalOf(
      "Card from the sprint board:\n\n> As a dispatcher, I want to reassign a delivery to another driver, so that late routes get covered.\n\nAcceptance: the old driver gets a push.",
    );
    expect(goal).toContain("reassign a delivery to another driver");
  });
  it("reads a goal after a scope or a transition put first", () => {
    expect(goalOf("For the museum audio guide, I'd like to add offline playback for the tours.")).toContain(
      "add offline playback",
    );
    expect(
      goalOf("With the refactor merged, what needs to happen now is to port the parser to the new AST."),
    ).toContain("port the parser to the new AST");
  });
  it("reads a thing that needs one change done to it, and work due by a day, as the goal", () => {
    expect(goalOf("Our little markdown linter needs to be published to crates.io.")).toContain(
      "published to crates.io",
    );
    expect(goalOf("We have to migrate the invoices to the new ledger by Friday.")).toContain(
      "migrate the invoices",
    );
  });
});

describe("rules after a lead-in", () => {
  it("takes the rule after 'I forgot to mention:' and after rules passed on by others", () => {
    const x = extractOf(
      "tidy the sensor import",
      "The import now skips empty rows.",
      "Good. Something I forgot to mention: never round the raw voltages. Notes I got from others: the lab says samples can be kept for 30 days at most.",
    );
    expect(holds(x.constraints, "never round the raw voltages")).toBe(true);
    expect(holds(x.constraints, "kept for 30 days at most")).toBe(true);
  });
  it("keeps a rule whose reason is told in the past, and news told on stays news", () => {
    const x = extractOf(
      "speed up the race replays",
      "Fixed-step physics is in.",
      "also no changes to the tyre grip values, the designers tuned them all winter. QA lead says the last build crashed twice.",
    );
    expect(holds(x.constraints, "no changes to the tyre grip values")).toBe(true);
    expect(holds(x.constraints, "crashed twice")).toBe(false);
  });
  it("keeps items under 'Don't:' with their don't", () => {
    const x = extractOf(
      "Add CSV export to the habit tracker.\n\nDo:\n- keep the column order stable\n\nDon't:\n- write the file on the main thread",
    );
    expect(holds(x.constraints, "keep the column order stable")).toBe(true);
    expect(holds(x.constraints, "Don't: write the file on the main thread")).toBe(true);
  });
});

describe("choices in answers and in contrasts", () => {
  it("takes a no that declines the option asked about as a choice, not a prohibition", () => {
    const x = extractOf(
      "add a rename action to the playlist screen",
      "I'll put Rename in the overflow menu. Do you want an undo toast?",
      "no toast, the dialog already asks twice",
    );
    expect(holds(x.decisions, "no toast")).toBe(true);
    expect(holds(x.constraints, "no toast")).toBe(false);
  });
  it("takes a no with a judgement or with the way taken instead as a choice", () => {
    const judged = extractOf(
      "cache the map tiles",
      "A warm-up job would prefill the cache at night; want it?",
      "nah, not worth it",
    );
    expect(holds(judged.decisions, "not worth it")).toBe(true);
    const instead = extractOf(
      "store the api key for the plugin",
      "Put it in the settings file or in an environment variable?",
      "neither, use the OS credential store",
    );
    expect(holds(instead.decisions, "use the OS credential store")).toBe(true);
  });
  it("takes 'A over B' between two named things as a choice, and a principle as no choice", () => {
    const x = extractOf(
      "rebuild the docs site",
      "The old generator is slow.",
      "Also astro over hugo from now on.",
    );
    expect(holds(x.decisions, "astro over hugo")).toBe(true);
    const principle = extractOf("rebuild the docs site", "Done.", "Clarity over cleverness in the examples.");
    expect(holds(principle.decisions, "clarity over cleverness")).toBe(false);
  });
});
