// The verified strategy's controls: command words, settings verbs, the automatic-compaction decision, mode
// budgets clamped to the model, and the hierarchical plan when the prefix does not fit one call.
import { describe, expect, it } from "vitest";
import { AUTO_COOLDOWN_MS, decideAutoCompaction } from "../../../src/compact/verified/auto.ts";
import { parseVerifiedArgs, parseVerifiedSetting } from "../../../src/compact/verified/command.ts";
import { budgetFor, callTimeoutMs } from "../../../src/compact/verified/modes.ts";
import { planSynthesis } from "../../../src/compact/verified/synthesize.ts";

describe("verified controls", () => {
  it("parses the command and the settings verbs, with one clear reason for bad input", () => {
    expect(parseVerifiedArgs(["thorough", "--dry-run", "the", "parser"])).toEqual({
      mode: "thorough",
      dryRun: true,
      focus: "the parser",
    });
    expect(parseVerifiedArgs(["parser", "only"])).toEqual({ dryRun: false, focus: "parser only" });
    expect(parseVerifiedSetting("strict", "on")).toMatchObject({
      ok: true,
      value: { data: { strict: true } },
    });
    expect(parseVerifiedSetting("auto", "85%")).toMatchObject({
      ok: true,
      value: { data: { autoPercent: 85 } },
    });
    expect(parseVerifiedSetting("auto", "5")).toEqual({
      ok: false,
      reason: "usage: /keel compact auto <percent 10-99>|off",
    });
    expect(parseVerifiedSetting("timeout", "90")).toMatchObject({
      ok: true,
      value: { data: { timeoutMs: 90_000 } },
    });
    expect(parseVerifiedSetting("timeout", "soon")).toMatchObject({ ok: false });
  });

  it("compacts automatically only past the threshold, not after an abort, and not twice within the cooldown", () => {
    const base = {
      thresholdPercent: 80,
      usagePercent: 85,
      aborted: false,
      lastAutoAt: undefined,
      now: 1_000_000,
    };
    expect(decideAutoCompaction(base)).toMatchObject({ run: true });
    expect(decideAutoCompaction({ ...base, usagePercent: 79 })).toEqual({ run: false });
    expect(decideAutoCompaction({ ...base, usagePercent: null })).toEqual({ run: false });
    expect(decideAutoCompaction({ ...base, aborted: true })).toEqual({ run: false });
    expect(decideAutoCompaction({ ...base, thresholdPercent: 0 })).toEqual({ run: false });
    expect(decideAutoCompaction({ ...base, lastAutoAt: base.now - AUTO_COOLDOWN_MS + 1 })).toEqual({
      run: false,
    });
  });

  it("clamps output to the model and plans batches within the call budget", () => {
    const budget = budgetFor("thorough", { maxTokens: 1024, contextWindow: 8_000 });
    expect(budget.outputTokens).toBe(1024);
    expect(budget.batchChars).toBe(Math.max(8_000, (8_000 - 1024) * 3));
    expect(callTimeoutMs(budget, { reasoning: true })).toBeGreaterThan(callTimeoutMs(budget, {}));
    expect(planSynthesis(["one"], budget)).toMatchObject({ kind: "single", calls: 1 });
    const many = planSynthesis(
      Array.from({ length: 12 }, (_, i) => `part ${i}`),
      budget,
    );
    expect(many).toMatchObject({ kind: "hierarchical", calls: 7, droppedBatches: 6 });
    expect(many.batches.at(-1)).toBe("part 11");
  });
});
