// Answers to the assistant's last question inside whole sessions, by the kinds round nine found lost on the
// sixth blind set (issue 28): a yes or a no to any closed question, a short value for an open one, a yes that
// names part of the plan the assistant announced, an option repeated with "only", "X it has to be"; and the
// replies that stay out (a yes to an offer of more work, a go-ahead, a fact asked for, a rule after "but").
// Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf, holds } from "../../support/extract-turns.ts";

describe("a yes or a no to a closed question", () => {
  it("takes a yes to a question with no auxiliary verb", () => {
    const x = extractOf(
      "the greenhouse sensor readings drift after a week",
      "I'll recalibrate against the reference probe each night. Keep the raw readings as well?",
      "raw readings too, yes",
    );
    expect(holds(x.decisions, "raw readings too, yes")).toBe(true);
  });
  it("takes a yes that says what it takes, and a no to an offer of more work", () => {
    const yes = extractOf(
      "late fees on the library app are computed twice",
      "I'll move the fee job after the return hook. When a fee is waived, email the member?",
      "yes email the member",
    );
    expect(holds(yes.decisions, "yes email the member")).toBe(true);
    const no = extractOf(
      "shrink the firmware image below 512 KB",
      "Stripped the debug strings: 498 KB. Want me to also drop the legacy bootloader support?",
      "oh no, three clinics still run that bootloader.",
    );
    expect(holds(no.decisions, "oh no, three clinics")).toBe(true);
  });
  it("leaves out a yes to an offer of more work and a yes to go on", () => {
    const offer = extractOf(
      "the invoice pdf cuts off long addresses",
      "Wrapped the address block. Want me to fix the footer overlap too?",
      "yes please",
    );
    expect(offer.decisions).toEqual([]);
    const goOn = extractOf(
      "port the chart widget to the new canvas api",
      "The axes are done. Shall I continue with the legend?",
      "yes.",
    );
    expect(goOn.decisions).toEqual([]);
  });
  it("keeps the rule after 'but' as the rule", () => {
    const x = extractOf(
      "the nightly crawler is too slow",
      "I'll batch the fetches per domain. Run the domains in parallel?",
      "yes in parallel, but never more than 6 at a time.",
    );
    expect(holds(x.constraints, "never more than 6 at a time")).toBe(true);
  });
});

describe("a short value for an open question", () => {
  it("takes a value said in a few words, with its reason after the comma", () => {
    const policy = extractOf(
      "schedule the report export as a cron job in the cluster",
      "The job manifest is ready. Restart policy?",
      "OnFailure.",
    );
    expect(holds(policy.decisions, "OnFailure")).toBe(true);
    const source = extractOf(
      "show the tide times on the harbour screen",
      "I can draw the chart with the canvas API. Where should the tide data come from?",
      "from the port authority feed, it updates every ten minutes.",
    );
    expect(holds(source.decisions, "from the port authority feed")).toBe(true);
  });
  it("leaves out an answer about what happened, thanks and doubt", () => {
    const state = extractOf(
      "the upload page hangs",
      "I could not reproduce it. What error do you see?",
      "a 413 from nginx.",
    );
    expect(state.decisions).toEqual([]);
    const unsure = extractOf(
      "schedule the report export as a cron job in the cluster",
      "The job manifest is ready. Restart policy?",
      "not sure, what do you suggest?",
    );
    expect(unsure.decisions).toEqual([]);
  });
});

describe("a yes to the plan the assistant announced", () => {
  it("takes a yes that names part of the plan, not a bare ok", () => {
    const named = extractOf(
      "move the club's booking site off the old host",
      "I'll copy the database with pg_dump and keep the same schema names.",
      "yes, same schema names",
    );
    expect(holds(named.decisions, "same schema names")).toBe(true);
    const bare = extractOf(
      "move the club's booking site off the old host",
      "I'll copy the database with pg_dump and keep the same schema names.",
      "ok",
    );
    expect(bare.decisions).toEqual([]);
  });
});

describe("an option picked in words that also restrict", () => {
  it("takes 'B only' and 'X it has to be' as the pick", () => {
    const only = extractOf(
      "publish the docs site automatically",
      "Deploy on every push, or on release branches?",
      "on release branches only.",
    );
    expect(holds(only.decisions, "on release branches only")).toBe(true);
    const hasTo = extractOf(
      "the sensor board drops bytes on the serial line",
      "Polling the UART or interrupts?",
      "the main loop is too busy, so interrupts it has to be",
    );
    expect(holds(hasTo.decisions, "interrupts it has to be")).toBe(true);
  });
});
