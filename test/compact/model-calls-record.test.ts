// Model calls are counted from what was sent: a verified run whose summary would save too little falls back to a
// checkpoint, and that checkpoint's details (and so its record) still say the model was asked once; a plain
// checkpoint says none.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { compactionDetailsOf } from "../../src/compact/details.ts";
import { proposeWithStrategy } from "../../src/compact/strategy.ts";
import type { Complete } from "../../src/compact/verified/synthesize.ts";
import { branchOf } from "./scenario.ts";

const SUMMARY = ["## Goal", "Add CSV export.", "## Progress", "- wrote src/csv.ts"].join("\n");

function request() {
  const b = createSessionBuilder({ cwd: "/home/dev/proj" });
  b.user("Add CSV export to the report command.");
  const w = b.assistant({ calls: [{ name: "write", args: { path: "src/csv.ts", content: "x" } }] });
  b.toolResult(w.callIds[0] as string, "write", "ok");
  const kept = b.user("Next step please.");
  b.assistant({ text: "ok" });
  return {
    branch: branchOf(b),
    firstKeptEntryId: kept,
    cwd: b.cwd,
    reason: "manual",
    // So small that any summary saves under the verified strategy's minimum: it falls back to a checkpoint.
    tokensBefore: 10,
    isSplitTurn: false,
    at: "2026-12-01T00:00:00.000Z",
    protectedBlock: "",
  };
}

describe("model calls in a compaction's details", () => {
  it("stay counted when a verified run falls back to a checkpoint", async () => {
    let sent = 0;
    const complete: Complete = async () => {
      sent++;
      return { ok: true, value: SUMMARY };
    };
    const outcome = await proposeWithStrategy("verified", request(), () => ({
      mode: "fast",
      strict: false,
      model: {},
      complete,
      now: () => 0,
    }));
    if (outcome.kind !== "proposal") throw new Error(`expected a proposal, got ${outcome.kind}`);
    const details = compactionDetailsOf({ details: outcome.proposal.compaction.details });
    expect(details.strategy).toBe("verbatim");
    expect(sent).toBeGreaterThan(0);
    expect(details.modelCalls).toBe(sent);
  });

  it("are none for a plain checkpoint and unknown for pi's own summary", async () => {
    const outcome = await proposeWithStrategy("verbatim", request(), () => {
      throw new Error("no verified options for a checkpoint");
    });
    if (outcome.kind !== "proposal") throw new Error(`expected a proposal, got ${outcome.kind}`);
    expect(compactionDetailsOf({ details: outcome.proposal.compaction.details }).modelCalls).toBe(0);
    expect(compactionDetailsOf({ details: { readFiles: [] } }).modelCalls).toBeNull();
  });
});
