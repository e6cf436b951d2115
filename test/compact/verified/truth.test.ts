// Verification that never deletes the truth: an outcome claim stands when a matching successful run (any
// spelling of the test command, keel_verify included) follows the last change, even in the kept part of the
// branch; a contradiction needs the opposite outcome as the latest state; a false line is corrected or removed
// alone and the rest of the model's summary stays; coverage is the model's own; every change is recorded.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { runVerified } from "../../../src/compact/verified/pipeline.ts";
import type { Complete } from "../../../src/compact/verified/synthesize.ts";
import { branchOf } from "../scenario.ts";

const CWD = "/home/dev/shop";
const RULE = "Never change the public signature of toCents.";

type Run = { command: string; ok: boolean; tool?: string };

/** Goal and rule, an edit, a failing test, a fix, then the given runs; `keptAt` cuts before the last runs. */
function session(runs: Run[], options: { keptRuns?: number; editAfter?: boolean } = {}) {
  const b = createSessionBuilder({ cwd: CWD });
  b.user(`Today's goal: fix rounding in the money helpers. ${RULE}`);
  const e = b.assistant({
    calls: [{ name: "edit", args: { path: "src/money.ts", oldText: "a", newText: "b" } }],
  });
  b.toolResult(e.callIds[0] as string, "edit", "Successfully replaced");
  const t = b.assistant({ calls: [{ name: "bash", args: { command: "npm test" } }] });
  b.toolResult(t.callIds[0] as string, "bash", "1 failed\n\nCommand exited with code 1", { isError: true });
  const f = b.assistant({
    calls: [{ name: "edit", args: { path: "src/money.ts", oldText: "b", newText: "c" } }],
  });
  b.toolResult(f.callIds[0] as string, "edit", "Successfully replaced");
  let kept = b.user("Run the tests again.");
  const keptFrom = runs.length - (options.keptRuns ?? 0);
  runs.forEach((run, i) => {
    if (i === keptFrom) kept = b.user("And once more, please.");
    const name = run.tool ?? "bash";
    const call = b.assistant({ calls: [{ name, args: { command: run.command } }] });
    b.toolResult(
      call.callIds[0] as string,
      name,
      run.ok ? "4 passed" : "2 failed\n\nCommand exited with code 1",
      {
        isError: !run.ok,
      },
    );
  });
  if (options.editAfter) {
    const late = b.assistant({ calls: [{ name: "write", args: { path: "src/money.ts", content: "x" } }] });
    b.toolResult(late.callIds[0] as string, "write", "ok");
  }
  if (options.keptRuns === undefined) kept = b.user("Thanks, wrap up.");
  b.assistant({ text: "ok" });
  return { branch: branchOf(b), kept };
}

const SUMMARY = (progress: string) =>
  [
    "## Goal",
    "Today's goal: fix rounding in the money helpers.",
    "## Constraints",
    `- ${RULE}`,
    "## Progress",
    `- Fixed toCents rounding in src/money.ts. ${progress}`,
    "- Reviewed the call sites.",
    "## Files",
    "- modified: src/money.ts",
  ].join("\n");

const model =
  (reply: string): Complete =>
  async () => ({ ok: true, value: reply });

async function run(s: ReturnType<typeof session>, reply: string) {
  const result = await runVerified(
    {
      branch: s.branch,
      firstKeptEntryId: s.kept,
      tokensBefore: 50_000,
      cwd: CWD,
      protectedBlock: "",
      mode: "fast",
      strict: false,
      model: { maxTokens: 4096, contextWindow: 128_000 },
    },
    model(reply),
    () => 0,
  );
  if (result.kind !== "proposal") throw new Error(result.kind);
  return result;
}

describe("verified compaction keeps true lines", () => {
  it("keeps 'all 4 tests passed' when the passing run is in the kept part of the branch", async () => {
    const text = SUMMARY("All 4 tests passed.");
    const result = await run(session([{ command: "npm test", ok: true }], { keptRuns: 1 }), text);
    expect(result.report.foundGaps).toEqual([]);
    expect(result.report.outcome).toBe("synthesized");
    expect(result.report.foundGaps).toEqual([]);
    expect(result.summary).toContain(text);
    expect(result.report.notice).toMatch(
      /^verified compaction \(fast\): summary kept · coverage 100% · 1 model call$/,
    );
  });

  it("accepts another spelling of the test command and keel_verify evidence after the last change", async () => {
    for (const runs of [
      [{ command: "npx vitest run 2>&1 | tail -5", ok: true }],
      [{ command: "npm test", ok: true, tool: "keel_verify" }],
    ]) {
      const result = await run(session(runs), SUMMARY("all 4 tests passed."));
      expect(result.report.foundGaps).toEqual([]);
      expect(result.report.outcome).toBe("synthesized");
    }
  });

  it("does not call an older failure a contradiction once a later run passed", async () => {
    const result = await run(
      session([
        { command: "npm test", ok: false },
        { command: "npm test", ok: true },
      ]),
      SUMMARY("The tests pass now."),
    );
    expect(result.report.foundGaps).toEqual([]);
  });

  it("removes a false claim alone, keeps the rest, and records what changed and why", async () => {
    const text = SUMMARY("All tests pass.");
    const result = await run(session([{ command: "npm test", ok: false }]), text);
    expect(result.report.outcome).toBe("patched");
    expect(result.summary).not.toContain("All tests pass.");
    expect(result.summary).toContain("- Fixed toCents rounding in src/money.ts.");
    expect(result.summary).toContain("- Reviewed the call sites.");
    expect(result.summary).toContain("Today's goal: fix rounding in the money helpers.");
    expect(result.report.changes.filter((c) => c.action !== "added")).toEqual([
      expect.objectContaining({
        action: "corrected",
        text: "All tests pass.",
        why: expect.stringMatching(/latest run of npm test failed/),
      }),
    ]);
    expect(result.report.notice).toMatch(
      /: 1 line corrected: "All tests pass\." \(the latest run of npm test failed\)/,
    );
  });

  it("calls a claim unsupported when a file changed after the last passing run", async () => {
    const result = await run(
      session([{ command: "npm test", ok: true }], { editAfter: true }),
      SUMMARY("All tests pass."),
    );
    expect(result.report.foundGaps.map((g) => g.kind)).toEqual(["unsupported-claim"]);
    expect(result.summary).toContain("- Fixed toCents rounding in src/money.ts.");
  });

  it("reports the model's own coverage and restores a rule it left out", async () => {
    const text = SUMMARY("").replace(`- ${RULE}\n`, "");
    const result = await run(session([{ command: "npm test", ok: true }]), text);
    expect(result.report.outcome).toBe("patched");
    expect(result.report.coverage).toBeLessThan(1);
    expect(result.summary).toContain(`- ${RULE}`);
    expect(result.summary).not.toMatch(/coverage 100%\)/);
    expect(result.report.changes).toEqual([expect.objectContaining({ action: "added", text: `- ${RULE}` })]);
    expect(result.report.notice).toMatch(/1 rule restored/);
  });
});
