// The record of a destructive command keel asked about: redacted and bounded when written, read back from any
// session file without trusting it, and labelled for the conversation view by its answer.
import { describe, expect, it } from "vitest";
import {
  ASKED_COMMAND_CHARS,
  composeDestructiveAsked,
  DESTRUCTIVE_ASKED_TYPE,
  readDestructiveAsked,
} from "../../src/guard/destructive/asked-record.ts";
import { describeKeelEvent } from "../../src/overview/keel-markers.ts";

const KEY = "AKIAABCDEFGHIJKLMNOP";

describe("composeDestructiveAsked", () => {
  it("redacts a credential in the command and the reason", () => {
    const record = composeDestructiveAsked({
      outcome: "approved",
      command: `AWS_ACCESS_KEY_ID=${KEY} aws s3 rm --recursive s3://bucket`,
      rule: "cloud-storage-delete",
      reason: `deletes objects (${KEY})`,
      toolCallId: "call-1",
    });
    expect(JSON.stringify(record)).not.toContain(KEY);
    expect(record.command).toBe(
      "AWS_ACCESS_KEY_ID=[redacted:aws-access-key] aws s3 rm --recursive s3://bucket",
    );
    expect(record.reason).toBe("deletes objects ([redacted:aws-access-key])");
  });

  it("keeps the start of a huge command and counts the rest", () => {
    const command = `rm -rf build && ${"echo x; ".repeat(5_000)}`;
    const record = composeDestructiveAsked({
      outcome: "declined",
      command,
      rule: "r",
      reason: "why",
      toolCallId: "c",
    });
    expect(record.command.length).toBe(ASKED_COMMAND_CHARS + 1);
    expect(record.commandChars).toBe(command.length);
  });
});

describe("readDestructiveAsked", () => {
  it("takes only records with a known answer and a command", () => {
    expect(readDestructiveAsked(null)).toBeUndefined();
    expect(readDestructiveAsked({ outcome: "maybe", command: "rm -rf /" })).toBeUndefined();
    expect(readDestructiveAsked({ outcome: "approved" })).toBeUndefined();
    expect(readDestructiveAsked({ outcome: "no-ui", command: "git clean -fdx", rule: 3 })).toMatchObject({
      outcome: "no-ui",
      command: "git clean -fdx",
      rule: "",
    });
  });
});

describe("readDestructiveAsked on a hostile file", () => {
  it("cuts every field to the writer's bound", () => {
    const huge = "x".repeat(1_000_000);
    const read = readDestructiveAsked({ outcome: "approved", command: huge, rule: huge, reason: huge });
    expect(read?.command.length).toBe(ASKED_COMMAND_CHARS + 1);
    expect(read?.reason.length).toBe(1_001);
    expect(read?.rule.length).toBe(201);
    expect(
      describeKeelEvent(DESTRUCTIVE_ASKED_TYPE, {
        data: { outcome: "declined", command: "rm", reason: huge },
      }).label.length,
    ).toBeLessThan(1_100);
  });
});

describe("the conversation marker", () => {
  const marker = (data: unknown) => describeKeelEvent(DESTRUCTIVE_ASKED_TYPE, { data });
  const base = {
    command: "git reset --hard",
    rule: "git-reset-hard",
    reason: "discards work (git reset --hard)",
  };

  it("names the answer and the reason, and folds the command", () => {
    const approved = marker({ ...base, outcome: "approved" });
    expect(approved).toMatchObject({
      area: "guard",
      label: "Destructive command asked: approved by the user (discards work (git reset --hard))",
    });
    expect(approved.body).toBe("$ git reset --hard\nrule: git-reset-hard");
    expect(marker({ ...base, outcome: "declined" }).label).toMatch(/^Destructive command asked: declined/);
    expect(marker({ ...base, outcome: "no-ui" }).label).toMatch(/^Destructive command blocked: no UI/);
  });

  it("says so when the record cannot be read, and still shows what was written", () => {
    const broken = marker({ outcome: 7 });
    expect(broken.label).toBe("Destructive command asked (unreadable record)");
    expect(broken.body).toContain('"outcome": 7');
  });
});
