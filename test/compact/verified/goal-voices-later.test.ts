// The session goal in the voices of round four's later batches (five to nine): indirect asks for help, pivots that
// pause or interrupt, emoji as sentence ends, resumed sessions, requirements on the product, a lead's request,
// to-do headings, urgent labels. Whole sessions through the real extraction; no model.
import { describe, expect, it } from "vitest";
import { classesOf as classes, extractTurns, goalOf } from "../../support/extract-turns.ts";

describe("round four, fifth batch", () => {
  it("reads 'I'd be grateful for help', 'the thing I'd like to get done' and someone asking for a new thing", () => {
    expect(
      goalOf(
        "Good evening. If you have a moment, I'd be grateful for help making our install steps work on Windows.",
        "ok",
        "add a PowerShell version",
      ),
    ).toContain("making our install steps work on Windows");
    expect(
      goalOf(
        "Context: we run a small SaaS for dentists. The thing I'd like to get done this session is SMS reminders. We have a Twilio account.",
        "ok",
      ),
    ).toContain("SMS reminders");
    expect(
      goalOf("Our PM asked for a weekly usage report for each team lead.", "ok", "now the email"),
    ).toContain("a weekly usage report");
  });

  it("hands the goal on after 'hold that thought' and to what 'comes first'", () => {
    expect(
      goalOf(
        "Task: migrate the blog to Astro.",
        "12 of 40 posts ported.",
        "Hmm, hold that thought. Marketing needs the landing page test live by tonight, that comes first.",
      ),
    ).toContain("Marketing needs the landing page test live by tonight");
  });

  it("does not take a quoted spec for the work the user asks for", () => {
    expect(
      goalOf(
        "The spec says `GET /users?role=admin` should only return admins but it returns everyone. Fix the filter.",
        "ok",
      ),
    ).toContain("Fix the filter");
  });
});

describe("soft aims", () => {
  it("set a missing goal but never replace a stated one mid-session", () => {
    const goal = "Goal: move the image uploads to S3.";
    for (const step of [
      "I'm hoping we can get this merged today.",
      "I want the button to show a spinner while it uploads.",
      "Let's see if we can make the flaky test pass.",
      "Sam asked me to add a test for the retry.",
    ])
      expect(goalOf(goal, "Done.", step, "ok"), step).toBe(goal);
    expect(goalOf("I'm hoping we can get the image uploads moved to S3 today.", "ok")).toContain(
      "get the image uploads moved to S3",
    );
  });
});

describe("round four, sixth batch", () => {
  it("hands the goal on after 'pausing the refactor' and 'wait, more important:'", () => {
    expect(
      goalOf(
        "Refactor the billing module.",
        "Split out taxes.",
        "Ok, pausing the refactor. Customer escalation: invoices for March show the wrong totals.",
      ),
    ).toContain("invoices for March show the wrong totals");
    expect(
      goalOf(
        "Add alt text to the gallery images.",
        "10 of 40 done.",
        "wait, more important: the signup page is leaking API keys in the HTML source",
      ),
    ).toContain("the signup page is leaking API keys");
  });

  it("reads an emoji as the end of a chat sentence and a greeting with one as small talk", () => {
    expect(
      goalOf(
        "Why is everything on fire today 😩 ok whatever, the priority is getting the nightly ETL green again.",
        "It fails on a schema change.",
        "update the mapping",
      ),
    ).toContain("getting the nightly ETL green again");
    expect(
      goalOf(
        "good morning ☕️ hope the coffee is strong today",
        "Morning!",
        "so: we need to finish the GDPR export endpoint today",
      ),
    ).toContain("finish the GDPR export endpoint");
  });

  it("takes the work a resumed session names in the past as the goal", () => {
    expect(
      goalOf(
        "Hey, picking this back up from yesterday — we were moving the auth to Clerk.",
        "The login page uses Clerk.",
        "do the signup page",
      ),
    ).toContain("moving the auth to Clerk");
    // Plain history is still no goal and no rule.
    expect(classes("Yesterday we moved the auth to Clerk.")).toEqual(["negative"]);
  });
});

describe("a requirement on the product as the opening message", () => {
  it("opens the work (and stays a rule); a limit to keep opens none", () => {
    const x = extractTurns(
      "The admin table needs to be sortable by every column.",
      "I added sort handlers.",
      "desc",
    );
    expect(x.goal).toBe("The admin table needs to be sortable by every column.");
    expect(x.constraints.map((c) => c.text)).toEqual([
      "The admin table needs to be sortable by every column.",
    ]);
    expect(goalOf("The response time must stay under 200 ms.", "Noted.", "ok")).toBeNull();
  });
});

describe("round four, seventh batch", () => {
  it("reads work a lead asked for and 'drop X and focus on Y'", () => {
    expect(
      goalOf(
        "My team lead asked me to add input validation to the signup API before Friday.",
        "ok",
        "return 422",
      ),
    ).toContain("add input validation to the signup API");
    expect(
      goalOf(
        "Build the charts for the analytics page.",
        "Two done.",
        "Let's drop the charts for now and focus on the CSV import, customers are waiting for it.",
      ),
    ).toContain("focus on the CSV import");
  });
});

describe("round four, eighth batch", () => {
  it("reads a non-native need, a client's need with a deadline, and an interrupted change of plans", () => {
    expect(
      goalOf("Hello, we are need to make the admin panel working on tablets also.", "ok", "and the menu"),
    ).toContain("make the admin panel working on tablets");
    expect(
      goalOf(
        "The client needs the mobile app to work offline by the end of the month.",
        "Which screens?",
        "the job list",
      ),
    ).toContain("the mobile app to work offline");
    expect(
      goalOf(
        "Let's tidy up the README.",
        "Done.",
        "Sorry, change of plans, my boss just pinged me. We need a CSV export of last month's orders for finance, today.",
      ),
    ).toContain("a CSV export of last month's orders");
    expect(classes("Last month we moved to Postgres.")).toEqual(["negative"]);
  });
});

describe("round four, ninth batch", () => {
  it("reads every item under a to-do heading as the goal", () => {
    const x = extractTurns(
      "Things to do:\n- upgrade postgres driver\n- add a retry to the db pool",
      "Upgraded.",
      "ok",
    );
    expect(x.goal).toContain("upgrade postgres driver");
    expect(x.goal).toContain("add a retry to the db pool");
  });

  it("reads 'URGENT:' as a new goal and 'heyy happy friday!' as small talk", () => {
    expect(
      goalOf("Let's clean up the CSS.", "Done.", "URGENT: password reset emails are not being sent.", "ok"),
    ).toContain("password reset emails are not being sent");
    expect(
      goalOf(
        "Heyy happy friday!",
        "Happy Friday!",
        "let's get the release notes generator finished before the weekend",
      ),
    ).toContain("get the release notes generator finished");
  });
});
