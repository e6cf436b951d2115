// Protected context around a compaction as data: snapshot before, pending after pi confirms, taken once by the
// first request; a registry change or a failed compaction drops the snapshot.
import { describe, expect, it } from "vitest";
import {
  afterCompaction,
  cycleAfterStart,
  dropSnapshot,
  IDLE_CYCLE,
  takePending,
  takeSnapshot,
} from "../../src/protect/compaction-cycle.ts";
import { PENDING_TYPE, VERIFIED_TYPE } from "../../src/protect/lifecycle.ts";
import type { ProtectedItem } from "../../src/protect/types.ts";
import type { BranchEntry } from "../../src/session/entries.ts";

const item = (id: string) => ({ id, kind: "goal", content: `keep ${id}` }) as unknown as ProtectedItem;

describe("protect compaction cycle", () => {
  it("snapshot → pending → taken once by the first request", () => {
    const items = [item("a")];
    const snapped = takeSnapshot(IDLE_CYCLE, items);
    items.push(item("b"));
    expect(snapped.snapshot?.map((i) => i.id)).toEqual(["a"]);
    const after = afterCompaction(snapped, "c1");
    expect(after.kind).toBe("pending");
    if (after.kind !== "pending") return;
    expect(after.record).toEqual({ v: 1, compactionId: "c1", snapshot: [item("a")] });
    expect(after.cycle.snapshot).toBeUndefined();
    const taken = takePending(after.cycle);
    expect(taken.pending?.compactionId).toBe("c1");
    expect(takePending(taken.cycle).pending).toBeUndefined();
  });

  it("without a snapshot the compaction cannot be verified and nothing stays pending", () => {
    const stale = afterCompaction(IDLE_CYCLE, "c0");
    const pending = stale.kind === "pending" ? stale.cycle : IDLE_CYCLE;
    const dropped = dropSnapshot(takeSnapshot(pending, [item("a")]));
    const after = afterCompaction(dropped, "c1");
    expect(after).toEqual({ kind: "unverifiable", cycle: IDLE_CYCLE });
  });

  it("after a reload the unconsumed verification of the latest compaction is pending again", () => {
    const entry = (type: string, id: string, extra: object) =>
      ({ type, id, parentId: null, timestamp: "", ...extra }) as unknown as BranchEntry;
    const pending = { v: 1, compactionId: "c1", snapshot: [item("a")] };
    const branch = [
      entry("compaction", "c1", { summary: "s", firstKeptEntryId: "x", tokensBefore: 1 }),
      entry("custom", "p1", { customType: PENDING_TYPE, data: pending }),
    ];
    const restored = cycleAfterStart(branch);
    expect(restored.cycle).toEqual({ snapshot: undefined, pending });
    const verified = { compactionId: "c1", preserved: 1, lost: 0 };
    const done = cycleAfterStart([
      ...branch,
      entry("custom", "v1", { customType: VERIFIED_TYPE, data: verified }),
    ]);
    expect(done.cycle.pending).toBeUndefined();
    expect(done.lastVerification).toEqual(verified);
  });
});
