// Choices in whole sessions in the shapes round five found lost (issue 28): a pick with its reason, an option
// named by its mark or its path, a pick after the user's own question, a pick settled after hesitation or taken
// back, a plan or a judged option in reply, a part deferred to its own change, a split set, an adopted "what
// if"; and goals set late in a session. Each case is a general shape, written for this file.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { extractBranch } from "../../../src/compact/verified/extract/index.ts";
import type { BranchEntry } from "../../../src/session/entries.ts";

const CWD = "/home/dev/app";

function extractOf(...turns: string[]) {
  const b = createSessionBuilder({ cwd: CWD });
  for (const [i, text] of turns.entries()) {
    if (i % 2 === 0) b.user(text);
    else b.assistant({ text });
  }
  return extractBranch(b.entries as unknown as BranchEntry[], { cwd: CWD });
}
const decisionsOf = (...turns: string[]) => extractOf(...turns).decisions.map((d) => d.text);
const holds = (items: string[], piece: string) => items.some((i) => i.includes(piece));

describe("choices answered in a session", () => {
  it("takes a pick that carries its reason", () => {
    const d = decisionsOf(
      "Add tags to notes.",
      "A join table or a JSON column?",
      "A join table, we will filter by tag a lot later on.",
    );
    expect(holds(d, "A join table")).toBe(true);
  });
  it("takes an option named by its number or letter when the options were listed", () => {
    expect(
      decisionsOf("speed up the search", "Options: (1) add an index, (2) cache the results.", "1"),
    ).toEqual(["1"]);
    expect(decisionsOf("fix the crash", "A) guard the null, B) fix the caller, C) both.", "C")).toEqual([
      "C",
    ]);
  });
  it("takes a path that names the offered option instead of reading it as a command", () => {
    const d = decisionsOf(
      "add a readiness probe",
      "Should it live at `/ready` or `/readyz`?",
      "/readyz. no auth on it",
    );
    expect(d).toEqual(["/readyz."]);
    expect(extractOf("add a readiness probe", "Path?", "/keel status").decisions).toEqual([]);
  });
  it("takes a pick made after the user's own question about the options", () => {
    const d = decisionsOf(
      "add caching",
      "Redis or an in-process LRU?",
      "how much memory would the LRU take?",
      "About 60 MB.",
      "the lru. no new services",
    );
    expect(holds(d, "the lru")).toBe(true);
  });
  it("takes a pick settled after hesitation and drops one taken back", () => {
    const settled = decisionsOf(
      "sort the names",
      "By first or by last name?",
      "hmm. people search by first name. ugh, fine: by last name, like the phone book.",
    );
    expect(holds(settled, "by last name")).toBe(true);
    const back = decisionsOf(
      "throttle uploads",
      "Per user or per team?",
      "per user. actually no, teams share one bucket. per team then.",
    );
    expect(back).toEqual(["per team then."]);
  });
  it("takes a plan or an option judged best in reply", () => {
    expect(
      holds(
        decisionsOf(
          "the build is slow",
          "We could prebuild the assets, or serve them unbundled in dev.",
          "let's prebuild them in CI, the laptops are slow",
        ),
        "prebuild",
      ),
    ).toBe(true);
    expect(
      holds(
        decisionsOf(
          "report is slow",
          "Batch the queries or run them in parallel?",
          "Batching would be better, I think.",
        ),
        "Batching",
      ),
    ).toBe(true);
  });
  it("takes a part deferred to its own change, a split set, yes-to/no-to and a proposal taken", () => {
    expect(
      holds(
        decisionsOf(
          "upgrade react",
          "Two packages block it.",
          "ok, we'll replace the date picker in a separate PR. go on with the rest",
        ),
        "we'll replace the date picker",
      ),
    ).toBe(true);
    expect(
      holds(
        decisionsOf(
          "prune old branches",
          "31 are merged; 4 belong to open releases.",
          "keep the release ones, delete the other 27",
        ),
        "delete the other 27",
      ),
    ).toBe(true);
    expect(
      holds(
        decisionsOf(
          "ship the installer",
          "Done. Anything else?",
          "self-contained. yes to auto-update, no to telemetry.",
        ),
        "yes to auto-update",
      ),
    ).toBe(true);
    expect(
      holds(
        decisionsOf("handle the BOM", "I'd recommend stripping it on read.", "go with your recommendation"),
        "recommendation",
      ),
    ).toBe(true);
  });
  it("takes an option the user asked about once the assistant has answered", () => {
    const d = decisionsOf(
      "shrink the image",
      "Done, 400 MB.",
      "what if we also dropped the dev dependencies?",
      "That saves 120 MB more.",
      "ok, drop them too then.",
    );
    expect(d).toEqual(["ok, drop them too then."]);
  });
  it("leaves a sigh, a thanks and a follow-up rule alone", () => {
    expect(decisionsOf("fix login", "Cookie or token?", "ugh.")).toEqual([]);
    expect(decisionsOf("fix login", "Cookie or token?", "thank you for asking. cookie.")).toEqual([
      "cookie.",
    ]);
  });
});

describe("goals set late", () => {
  it("a sentence that calls itself the task becomes the goal", () => {
    const x = extractOf(
      "The invoices look off in Safari.",
      "They use grid gaps Safari 14 lacks.",
      "Wait. Support says refunds are not emailed, so fixing that is our task now.",
    );
    expect(x.goal).toContain("refunds are not emailed");
  });
  it("an aim named after a bare opening report replaces the report", () => {
    const x = extractOf(
      "The kiosk app freezes when the network drops.",
      "It fetches on every tap.",
      "We want the kiosk to keep working offline for a whole day.",
    );
    expect(x.goal).toContain("keep working offline");
  });
});

describe("one change asked as a need, and rules that look like choices", () => {
  const rulesOf = (...turns: string[]) => extractOf(...turns).constraints.map((c) => c.text);
  it("a need to do one change with a made verb is the goal, not a rule", () => {
    const x = extractOf("I need to dockerize the old invoicing service (Python 2, cron).", "Looking at it.");
    expect(x.goal).toContain("dockerize the old invoicing service");
    expect(x.constraints).toEqual([]);
  });
  it("a rename across the codebase is one change", () => {
    const x = extractOf(
      "I need to rename the misnamed fetchUsr helpers across the codebase, there are a dozen.",
      "On it.",
    );
    expect(x.goal).toContain("rename the misnamed fetchUsr helpers");
    expect(x.constraints).toEqual([]);
  });
  it("a problem named with a bare ask is the work, even when its first noun reads as a verb", () => {
    const x = extractOf("lint errors in ci, fix", "Fixed 4.");
    expect(x.goal).toContain("lint errors in ci");
    expect(x.constraints).toEqual([]);
  });
  it('"X wins, always" is a standing rule', () => {
    const x = extractOf(
      "sync the drafts",
      "I'll add a sync step.",
      "Conflicts: the newest edit wins, always.",
    );
    expect(
      holds(
        x.constraints.map((c) => c.text),
        "the newest edit wins, always",
      ),
    ).toBe(true);
    expect(x.decisions).toEqual([]);
  });
  it("the reason a pick is taken back is no rule", () => {
    const rules = rulesOf(
      "cache the feed",
      "In memory or in Redis?",
      "memory. no wait, we run four replicas and they would disagree. redis then.",
    );
    expect(rules).toEqual([]);
  });
});

describe("rules passed on by a possessive party or with a verb no list names", () => {
  const rulesOf = (...turns: string[]) => extractOf(...turns).constraints.map((c) => c.text);
  it("a party named by whose it is passes a rule on", () => {
    const rules = rulesOf(
      "Build the payroll export.",
      "Started.",
      "The bank's compliance desk requires IBANs without spaces.",
    );
    expect(holds(rules, "IBANs without spaces")).toBe(true);
  });
  it("an instruction with a verb no list names holds when it covers every case", () => {
    const rules = rulesOf(
      "Add crash reporting.",
      "Added the SDK.",
      "mask the card number in every breadcrumb before upload.",
    );
    expect(holds(rules, "mask the card number in every breadcrumb")).toBe(true);
  });
});

describe("goal statements in more voices", () => {
  const goalOf = (...turns: string[]) => extractOf(...turns).goal;
  it("a sentence that ends by calling itself the task is a stated goal, even with a rule inside", () => {
    expect(
      goalOf("Morning.", "Hi!", "The spec says invoices must carry a QR code, so that's our job today."),
    ).toContain("invoices must carry a QR code");
  });
  it('"Main thing:" heads the goal', () => {
    expect(goalOf("Main thing: the upload form should reject files over 20 MB.")).toContain("upload form");
  });
  it('"I\'d love your help <doing>" and "what I\'m hoping for is" state the aim', () => {
    expect(goalOf("Hello! I'd love your help porting the CLI from Python to Go.")).toContain(
      "porting the CLI",
    );
    expect(goalOf("So what I'm hoping for is a weekly digest email of new comments.")).toContain(
      "weekly digest",
    );
  });
});

describe("agreement to an offer", () => {
  it('"yes do that" after "I can …" takes the offer', () => {
    const d = decisionsOf(
      "the cache goes stale",
      "The purge runs hourly. I can trigger it on every write.",
      "yes do that",
    );
    // The pick keeps what it takes: "yes do that" alone says nothing once the conversation is compacted.
    expect(d).toEqual(["yes do that (I can trigger it on every write.)"]);
  });
});
