// Goal, rules and choices in whole sessions in the kinds round seven found lost on a seen blind set (issue 28):
// a goal said as time spent or a result wanted, under a done label, put ahead of older work, in brackets on a
// bullet, or as the answer to "what are we working on?"; rules inside a quote the user adopts and list items
// answering a question about rules; choices under a label split by semicolons. Each case is written for this file.
import { describe, expect, it } from "vitest";
import { extractTurns as extractOf } from "../../support/extract-turns.ts";

const holds = (items: string[], piece: string) => items.some((i) => i.includes(piece));
const rulesOf = (...turns: string[]) => extractOf(...turns).constraints.map((c) => c.text);

describe("goal in whole sessions", () => {
  it("reads the time given to one piece of work after a greeting", () => {
    const x = extractOf(
      "Hello! Rainy day over here. We'd like to spend the afternoon porting the invoice PDFs to the new renderer.",
      "Sure, where are the templates?",
    );
    expect(x.goal).toContain("porting the invoice PDFs to the new renderer");
  });
  it("reads the result wanted after a backstory", () => {
    const x = extractOf(
      "Quick one first: rename UPLOAD_DIR to UPLOAD_ROOT.",
      "Renamed.",
      "The sync service was built by an intern years ago and nobody touches it. what I'm hoping we end up with is a retry policy for failed uploads.",
      "Ok.",
    );
    expect(x.goal).toContain("a retry policy for failed uploads");
  });
  it("reads a goal under a done label", () => {
    expect(extractOf("Exit criteria: the nightly export finishes before 6am.", "Ok.").goal).toContain(
      "the nightly export finishes before 6am",
    );
    expect(extractOf("Success means: every tenant gets its own bucket.", "Ok.").goal).toContain(
      "every tenant gets its own bucket",
    );
  });
  it("lets a new aim said to be all that matters replace the old goal", () => {
    const x = extractOf(
      "Let's tidy up the logging config.",
      "Starting with the appenders.",
      "Forget it, the store is down. Bringing checkout back online is the only thing that matters today.",
    );
    expect(x.goal).toContain("Bringing checkout back online");
  });
  it("lets work put ahead of older work replace the goal", () => {
    const x = extractOf(
      "Please add tooltips to the chart legend.",
      "Working on it.",
      "Sorry, more urgent: the invoices were sent twice. Work out why invoices went out twice, the tooltips can wait.",
    );
    expect(x.goal).toContain("Work out why invoices went out twice");
  });
  it("reads an aim named in brackets on a bullet, and keeps the bullets passed on as rules", () => {
    const x = extractOf(
      "Notes:\n• we're wiring the shop to the new tax service (today's task)\n• finance says the old rates must stay readable for audits",
      "Which endpoint should I call?",
    );
    expect(x.goal).toContain("wiring the shop to the new tax service");
    expect(
      holds(
        x.constraints.map((c) => c.text),
        "the old rates must stay readable",
      ),
    ).toBe(true);
  });
  it("takes the answer to 'what are we working on?' as the goal, never the small talk before it", () => {
    const x = extractOf(
      "hiya, back from the conference",
      "Welcome back! What are we working on today?",
      "the webhook retries for the billing service. They fire once and give up.",
      "Ok.",
    );
    expect(x.goal).toContain("the webhook retries for the billing service");
  });
});

describe("rules in whole sessions", () => {
  it("keeps the rules of a quote the user adopts, and reads the line after the quote", () => {
    const x = extractOf(
      "The venue sent this, take it as binding:\n> Tickets must never be resold above face value.\n> Each order has to stay under six seats.\nToday we build the ticket checkout.",
      "Stripe or Adyen?",
    );
    const rules = x.constraints.map((c) => c.text);
    expect(holds(rules, "Tickets must never be resold above face value")).toBe(true);
    expect(holds(rules, "Each order has to stay under six seats")).toBe(true);
    expect(x.goal).toContain("build the ticket checkout");
  });
  it("reads numbered items answering a question about rules as rules", () => {
    const r = rulesOf(
      "let's move the blog to Hugo.",
      "Theme ported, 10 posts render. Any conventions I should keep for the rest?",
      "right, I should have said before:\n1) post slugs stay as they are\n2) drafts never get published by the build",
    );
    expect(holds(r, "post slugs stay as they are")).toBe(true);
    expect(holds(r, "drafts never get published by the build")).toBe(true);
  });
  it("files an option refused for good as a rule, not a pick", () => {
    const x = extractOf(
      "Make the thumbnails load faster.",
      "I can resize on upload with sharp or serve them through imgproxy. Which one?",
      "sharp. I don't want imgproxy, it's one more service to run.",
    );
    expect(
      holds(
        x.constraints.map((c) => c.text),
        "I don't want imgproxy",
      ),
    ).toBe(true);
    expect(
      holds(
        x.decisions.map((d) => d.text),
        "I don't want imgproxy",
      ),
    ).toBe(false);
  });
});

describe("choices in whole sessions", () => {
  it("takes a pick of two ways the assistant said it can take, without a question", () => {
    const x = extractOf(
      "Make the CSV export survive a server restart.",
      "The job state lives in memory. I can either persist it in Redis or write a checkpoint file after each batch.",
      "the checkpoint file is fine",
    );
    expect(
      holds(
        x.decisions.map((d) => d.text),
        "the checkpoint file is fine",
      ),
    ).toBe(true);
  });
  it("takes every piece under a plural choice label split by semicolons", () => {
    const d = extractOf(
      "Goal: ship the mobile push notifications. Choices from the design review: FCM instead of a vendor SDK; batching per user, not per event.",
      "Ok.",
    ).decisions.map((c) => c.text);
    expect(holds(d, "FCM instead of a vendor SDK")).toBe(true);
    expect(holds(d, "batching per user, not per event")).toBe(true);
  });
});
