// The re-orientation reminder's transitions as data: staged by keel's proposal, pending once pi confirms it,
// persisted once by before_agent_start, placed last once with one current copy, and restored after a reload.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { compactionDetailsOf } from "../../src/compact/details.ts";
import {
  confirmReminder,
  NO_REMINDER,
  reminderAfterStart,
  reminderForRequest,
  reminderForRun,
  stageReminder,
} from "../../src/compact/reorientation.ts";
import { REORIENT_CUSTOM_TYPE } from "../../src/compact/verbatim/types.ts";
import type { BranchEntry } from "../../src/session/entries.ts";
import { type HiddenMessage, hiddenMessage } from "../../src/session/hidden-message.ts";

type Msg = { role: string; customType?: string; details?: unknown; content?: string };
const transient = (m: HiddenMessage): Msg => ({ role: "custom", ...m });
const user = (content: string): Msg => ({ role: "user", content });

const confirmed = (fromExtension = true) =>
  confirmReminder(stageReminder(NO_REMINDER, "REMIND"), { compactionId: "c1", fromExtension });

describe("reminder transitions", () => {
  it("a confirmed keel compaction makes the staged reminder pending; pi's own does not", () => {
    expect(confirmed().pending).toEqual({
      compactionId: "c1",
      text: "REMIND",
      persisted: false,
      placed: false,
    });
    expect(confirmed().staged).toBeUndefined();
    expect(confirmed(false).pending).toBeUndefined();
    const native = stageReminder(stageReminder(NO_REMINDER, "REMIND"), undefined);
    expect(confirmReminder(native, { compactionId: "c1", fromExtension: true }).pending).toBeUndefined();
  });

  it("before_agent_start persists the reminder once, as a hidden message tagged with the compaction", () => {
    const first = reminderForRun(confirmed());
    expect(first.message).toEqual(hiddenMessage(REORIENT_CUSTOM_TYPE, "REMIND", { compactionId: "c1" }));
    expect(first.message?.display).toBe(false);
    expect(reminderForRun(first.state).message).toBeUndefined();
  });

  it("a mid-run compaction carries a transient copy last until a persisted copy shows up", () => {
    const old: Msg = { role: "custom", customType: REORIENT_CUSTOM_TYPE, details: { compactionId: "c0" } };
    const first = reminderForRequest(confirmed(), [user("a"), old, user("b")], transient);
    expect(first.messages?.map((m) => m.content ?? m.details)).toEqual(["a", "b", "REMIND"]);
    expect(first.state.pending?.placed).toBe(true);
    const again = reminderForRequest(first.state, [user("a")], transient);
    expect(again.messages?.at(-1)?.content).toBe("REMIND");
  });

  it("once placed and persisted it is let go, and later requests are left alone", () => {
    const run = reminderForRun(confirmed());
    const persisted: Msg = {
      role: "custom",
      customType: REORIENT_CUSTOM_TYPE,
      details: { compactionId: "c1" },
    };
    const placed = reminderForRequest(run.state, [persisted, user("go")], transient);
    expect(placed.messages).toEqual([user("go"), persisted]);
    expect(placed.state.pending).toBeUndefined();
    expect(reminderForRequest(placed.state, [user("x")], transient).messages).toBeUndefined();
  });

  it("after a reload, the latest keel compaction's reminder is pending unless a copy was persisted", () => {
    const b = createSessionBuilder();
    b.user("hello");
    const kept = b.user("next");
    const id = b.compaction("summary", kept, { keel: { strategy: "verbatim", reorientation: "AGAIN" } });
    const branch = () => b.entries as unknown as BranchEntry[];
    expect(reminderAfterStart(branch()).pending).toEqual({
      compactionId: id,
      text: "AGAIN",
      persisted: false,
      placed: false,
    });
    b.customMessage(REORIENT_CUSTOM_TYPE, "AGAIN");
    expect(reminderAfterStart(branch()).pending).toBeUndefined();
  });
});

describe("compactionDetailsOf", () => {
  it("reads keel's strategy, reminder and pi's file lists, tolerating junk", () => {
    const details = compactionDetailsOf({
      details: {
        keel: { strategy: "verbatim", reorientation: "R" },
        readFiles: ["a", 3],
        modifiedFiles: "x",
      },
    });
    expect(details).toMatchObject({ strategy: "verbatim", fromKeel: true, reorientation: "R" });
    expect(details.readFiles).toEqual(["a"]);
    expect(details.modifiedFiles).toEqual([]);
    // Not the current verbatim version: no span block to re-render.
    expect(details.verbatim).toBeUndefined();
    expect(compactionDetailsOf({ details: null })).toMatchObject({ strategy: "native", fromKeel: false });
    expect(compactionDetailsOf({ details: { keel: { strategy: 7 } } }).strategy).toBe("native");
  });
});
