// The session goal in the voices round four's first batches (one to four) found it missing in: small talk before
// the work, an aim read from a clause inside a longer sentence, more wordings of a stated aim, pivots that name
// what came in, a sentence that points back at the aim, a ticket named as the work, a target reached once vs a
// limit kept, a rule said in the same sentence as the goal. Whole sessions through the real extraction; no model.
import { describe, expect, it } from "vitest";
import { classesOf as classes, extractTurns, goalOf } from "../../support/extract-turns.ts";

describe("small talk before the work", () => {
  it("is never the goal: the first task after it is", () => {
    expect(goalOf("hey! how's it going", "Good, you?", "Add a retry to the upload client.")).toBe(
      "Add a retry to the upload client.",
    );
    expect(
      goalOf("hey! how was your weekend? mine was all rain.", "Quiet, thanks.", "Rename the config loader."),
    ).toBe("Rename the config loader.");
    expect(goalOf("I'm back from lunch.", "Welcome back.", "Wire the new logger into the worker.")).toBe(
      "Wire the new logger into the worker.",
    );
  });

  it("still lets an opening report be the goal", () => {
    expect(
      goalOf("I'm back. The login page is broken on Safari.", "Looking.", "show me the console"),
    ).toContain("The login page is broken on Safari");
  });
});

describe("an aim inside a longer sentence", () => {
  it("reads it after a connective, a colon or 'and I want'", () => {
    expect(
      goalOf(
        "Quick question first: does this repo use pnpm?",
        "Yes.",
        "OK thanks. Then what I need is a script that prunes old preview deploys.",
        "On it.",
        "run it dry",
      ),
    ).toContain("a script that prunes old preview deploys");
    expect(
      goalOf(
        "is vitest able to shard?",
        "Yes.",
        "Cool. The thing is our CI takes 40 minutes and I want to get it under 15.",
        "Where does the time go?",
        "profile the jobs first",
      ),
    ).toContain("I want to get it under 15");
    expect(
      goalOf(
        "Let's refactor the settings page.",
        "ok",
        "Stop. Production is down: new plan, find out why the payment webhook returns 500.",
      ),
    ).toContain("find out why the payment webhook returns 500");
    expect(
      goalOf(
        "User story for this sprint: as a support agent, I need to see a customer's last orders.",
        "ok",
        "go",
      ),
    ).toContain("see a customer's last orders");
  });

  it("keeps a rule said before the goal clause as a rule", () => {
    const x = extractTurns(
      "My boss says the PDF export must be ready for friday, so this is our goal: PDF export of the monthly report.",
      "ok",
      "start with the layout",
    );
    expect(x.goal).toContain("PDF export of the monthly report");
    expect(x.constraints.map((c) => c.text).join("\n")).toContain("must be ready for friday");
  });
});

describe("more wordings of a stated aim", () => {
  it("replaces an earlier goal with each", () => {
    const first = "Add pagination to the audit log API.";
    for (const [aim, want] of [
      [
        "The outcome I'm after is simple: signup works on mobile Safari again.",
        "signup works on mobile Safari",
      ],
      [
        "What needs to happen is the search box matches partial product codes.",
        "matches partial product codes",
      ],
      ["Next thing on my list is a health check for the worker.", "a health check for the worker"],
      ["Objective for the afternoon: cut the Docker image in half.", "cut the Docker image in half"],
      ["We're going to port the notification service from Python to Go.", "port the notification service"],
      [
        "I'd like to end up with a script that lists unmaintained deps.",
        "a script that lists unmaintained deps",
      ],
    ] as const)
      expect(goalOf(first, "Done.", aim, "ok", "run the tests"), aim).toContain(want);
  });

  it("leaves 'we are going to use X' a choice and a first wish a goal", () => {
    expect(classes("We are going to use the monolith for now and split later.")).toEqual(["decision"]);
    expect(
      goalOf("Hi there, could you help me speed up our CI today? It takes 25 minutes.", "Sure."),
    ).toContain("speed up our CI");
  });
});

describe("pivots and pointers", () => {
  it("hands the goal to what follows a pivot that names what came in", () => {
    expect(
      goalOf(
        "I want to upgrade the project to React 19.",
        "There are 14 warnings.",
        "Hold on, urgent thing from ops came in. The payment webhook is timing out in prod and we need to sort that out now.",
      ),
    ).toContain("The payment webhook is timing out in prod");
    expect(
      goalOf(
        "Build a weekly email digest of new comments.",
        "Added.",
        "Client changed their mind. They want a Slack message for every new comment instead.",
      ),
    ).toContain("a Slack message for every new comment");
  });

  it("prefers what is asked after a pivot to the report between", () => {
    expect(
      goalOf(
        "Objective: translate the app into German.",
        "ok",
        "Actually, scratch that. Management just moved it to next quarter. Instead, let's make the sign-up form work on small phones.",
      ),
    ).toBe("Instead, let's make the sign-up form work on small phones.");
  });

  it("makes what came before a pointing sentence the goal, not the pointer", () => {
    expect(goalOf("Fix the export timeout for big accounts. That's the priority.", "ok")).toBe(
      "Fix the export timeout for big accounts.",
    );
    expect(
      goalOf(
        "is it possible to run our jest tests in parallel without sharing the db? that's basically my whole day",
        "Yes, one schema per worker.",
        "ok go with that",
      ),
    ).toContain("run our jest tests in parallel without sharing the db");
  });
});

describe("tickets and targets", () => {
  it("takes a ticket the user names as the work, but a ticket quoted midway replaces no goal", () => {
    expect(
      goalOf(
        "ok ticket PAY-231: the refund button double-charges when clicked twice. ours to fix",
        "I see it.",
      ),
    ).toContain("the refund button double-charges when clicked twice");
    expect(
      goalOf(
        "Add a health endpoint.",
        "ok",
        'Run the tests. The issue reads: "Make sure the app does not crash".',
      ),
    ).toBe("Add a health endpoint.");
  });

  it("reads 'get X under a figure' as work and 'keep X under a figure' as a rule", () => {
    const x = extractTurns(
      "ugh, the build broke again overnight",
      "A flaky fetch.",
      "anyway. I need to get our docker images under 500MB, the registry bill is insane.",
    );
    expect(x.goal).toContain("get our docker images under 500MB");
    expect(x.constraints).toEqual([]);
    expect(classes("We need to keep the docker images under 500MB.")).toEqual(["constraint"]);
  });
});

describe("round four, second batch: asks and replacements the first change still missed", () => {
  it("reads polite indirect asks and 'what I'd like you to do is' as the goal", () => {
    expect(
      goalOf(
        "Here's my problem. Our app sends duplicate webhooks when a job retries. I'd appreciate it if you could make the webhook sending idempotent.",
        "ok",
        "do that",
      ),
    ).toContain("make the webhook sending idempotent");
    expect(
      goalOf(
        "Let me give you some background first. The sync client talks to a flaky partner API. Anyway, what I'd like you to do is add a retry with backoff to the sync client.",
        "ok",
      ),
    ).toContain("add a retry with backoff to the sync client");
  });

  it("replaces the goal after a cancellation or 'now for the bigger thing'", () => {
    expect(
      goalOf(
        "Let's migrate the legacy orders DB to Postgres.",
        "Schema written.",
        "Change of scope: we're not doing the migration anymore. Instead we need a read-only mode for the old DB.",
      ),
    ).toContain("a read-only mode for the old DB");
    expect(
      goalOf(
        "Write docs for the new config options.",
        "Drafted.",
        "Never mind the docs, QA just found that uploads over 10MB fail silently. Let's fix that first.",
      ),
    ).toContain("uploads over 10MB fail silently");
    expect(
      goalOf(
        "Fix the typo in the invoice footer.",
        "Fixed.",
        "Great, that works. Now for the bigger thing: we need to support multiple currencies in the invoices.",
      ),
    ).toContain("support multiple currencies in the invoices");
  });

  it("reads a problem framing as a report, never a rule", () => {
    const x = extractTurns(
      "So the deal is: customers can't reset their passwords when their email has a plus sign. Can you dig into it?",
      "ok",
    );
    expect(x.goal).toContain("customers can't reset their passwords");
    expect(x.constraints).toEqual([]);
  });

  it("cuts the reason off a one-off change before asking whether it is a rule", () => {
    const x = extractTurns("we gotta make the mobile nav accessible, screen readers can't open it", "ok");
    expect(x.goal).toContain("make the mobile nav accessible");
    expect(x.constraints).toEqual([]);
    expect(classes("We need to add a test for every endpoint, nobody may merge without them.")).toEqual([
      "constraint",
    ]);
  });

  it("keeps the question of an opening report and the news of an issue the user points at", () => {
    expect(
      goalOf(
        "Is there a way to make the CLI start faster? It takes 2 seconds just to print --help.",
        "Most of it is importing every command.",
        "ok try lazy-loading the commands",
      ),
    ).toContain("make the CLI start faster");
    expect(
      goalOf(
        "Please look at issue #412: search results are sorted wrong on equal scores. That one's my focus today.",
        "ok",
      ),
    ).toContain("search results are sorted wrong on equal scores");
  });
});

describe("round four, third batch: the voices blind sets use for rules", () => {
  it("reads someone wanting a new thing as work, and someone wanting it every time as a rule", () => {
    expect(
      goalOf(
        "The client wants a dark theme for the dashboard, and they insist it follows the OS setting.",
        "ok",
      ),
    ).toContain("a dark theme for the dashboard");
    expect(classes("The client wants the logo on every page.")).toEqual(["constraint"]);
  });

  it("reads adverbs inside a stated aim, PR descriptions and 'it would be great if we could'", () => {
    expect(
      goalOf(
        "run the test suite",
        "12 failures.",
        "ok. what I'm really after today is getting all of those green before the release branch is cut.",
      ),
    ).toContain("getting all of those green");
    expect(
      goalOf(
        "where do we set the session timeout?",
        "In config/session.ts.",
        "ok, here's what I actually want: sessions should last 30 days when remember me is ticked.",
      ),
    ).toContain("sessions should last 30 days");
    const pr = extractTurns(
      "This PR should add rate limits to the login endpoint. Five attempts per minute per IP.",
      "ok",
    );
    expect(pr.goal).toContain("add rate limits to the login endpoint");
    expect(classes("This PR should not touch the schema.")).toEqual(["constraint"]);
    expect(
      goalOf(
        "It would be great if we could get the docs site deployed on every merge to main.",
        "ok",
        "check it",
      ),
    ).toContain("get the docs site deployed on every merge to main");
  });

  it("replaces a goal a second time and reads a need after a greeting", () => {
    expect(
      goalOf(
        "Let's add dark mode.",
        "Started.",
        "New plan: the release is tomorrow, we fix the open bugs first.",
        "4 open bugs.",
        "Scratch that too. The payments page is down, that's the only thing now.",
      ),
    ).toContain("The payments page is down");
    expect(
      goalOf(
        "Good morning, we have to add the possibility for the user to download his data in one zip.",
        "ok",
      ),
    ).toContain("download his data in one zip");
  });
});

describe("round four, fourth batch", () => {
  it("reads 'I'd love to finally tackle', a thing wished to behave a new way and 'bigger problem:'", () => {
    expect(
      goalOf("Today I'd love to finally tackle the flaky e2e suite.", "ok", "start with checkout"),
    ).toContain("tackle the flaky e2e suite");
    expect(
      goalOf(
        "how many workers do we run?",
        "Four.",
        "basically I want the queue to scale workers up when it's backed up",
        "I can add an autoscaler.",
        "go",
      ),
    ).toContain("I want the queue to scale workers up");
    expect(
      goalOf(
        "Rename the utils folder.",
        "Done.",
        "Bigger problem: the staging database is full and nothing deploys.",
      ),
    ).toContain("the staging database is full");
  });

  it("makes a how-to question the goal when the next message only says to go ahead", () => {
    expect(
      goalOf("How do I make the sidebar collapsible on mobile?", "Add a toggle and hide the nav.", "do it"),
    ).toContain("make the sidebar collapsible on mobile");
    // A go-ahead after a question about facts sets nothing.
    expect(goalOf("what does the sync job do?", "It copies the cache.", "ok")).toBeNull();
  });
});
