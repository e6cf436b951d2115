// The verified pipeline over a built session with a scripted model function: a good summary is applied as
// synthesized, a missing constraint is patched in word for word, an unsupported "all tests passed" is caught
// and removed, a failing model yields the labelled floor, strict refuses with a reason, a re-compaction
// carries the ledger, and nothing secret reaches the model.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { runVerified, type VerifiedInput } from "../../../src/compact/verified/pipeline.ts";
import type { Complete, ModelCall } from "../../../src/compact/verified/synthesize.ts";
import { branchOf } from "../scenario.ts";

const CWD = "/home/dev/proj";

function session() {
  const b = createSessionBuilder({ cwd: CWD });
  b.user(
    "Add CSV export to the report command. Never write to stdout from library code. api_key=sk-abcdefghijklmnop1234",
  );
  const w = b.assistant({ calls: [{ name: "write", args: { path: "src/csv.ts", content: "x" } }] });
  b.toolResult(w.callIds[0]!, "write", "ok");
  const t = b.assistant({ calls: [{ name: "bash", args: { command: "npm test" } }] });
  b.toolResult(t.callIds[0]!, "bash", "1 failed\n\nCommand exited with code 1", { isError: true });
  b.user("Decision: quoting follows RFC 4180. Keep going.");
  const kept = b.user("Next step please.");
  b.assistant({ text: "ok" });
  return { branch: branchOf(b), kept };
}

const GOOD = [
  "## Goal",
  "Add CSV export to the report command.",
  "## Constraints",
  "- Never write to stdout from library code.",
  "## Decisions",
  "- Decision: quoting follows RFC 4180.",
  "## Progress",
  "- wrote the writer; npm test still fails",
  "## Files",
  "- modified: src/csv.ts",
  "## Open loops",
  "- unresolved error: npm test",
].join("\n");

function scripted(...replies: (string | "timeout")[]): { complete: Complete; calls: ModelCall[] } {
  const calls: ModelCall[] = [];
  return {
    calls,
    complete: async (call) => {
      calls.push(call);
      const reply = replies[calls.length - 1] ?? "timeout";
      return reply === "timeout" ? { ok: false, reason: "timeout" } : { ok: true, value: reply };
    },
  };
}

function input(over: Partial<VerifiedInput> = {}): VerifiedInput {
  const { branch, kept } = session();
  return {
    branch,
    firstKeptEntryId: kept,
    tokensBefore: 50_000,
    cwd: CWD,
    protectedBlock: "## Protected context\n- P1",
    mode: "balanced",
    strict: false,
    model: { maxTokens: 4096, contextWindow: 128_000 },
    ...over,
  };
}

const now = () => 0;

describe("runVerified", () => {
  it("applies a good summary as synthesized, with the protected block byte for byte and no secret sent", async () => {
    const model = scripted(GOOD);
    const result = await runVerified(input(), model.complete, now);
    expect(result.kind).toBe("proposal");
    if (result.kind !== "proposal") return;
    expect(result.report).toMatchObject({ outcome: "synthesized", coverage: 1, modelCalls: 1, gaps: [] });
    expect(result.summary.endsWith("## Protected context\n- P1")).toBe(true);
    expect(model.calls[0]?.prompt).not.toContain("sk-abcdefghijklmnop1234");
  });

  it("patches a missing constraint in word for word and removes an unsupported test claim", async () => {
    const bad = GOOD.replace("- Never write to stdout from library code.", "- keep output tidy").replace(
      "npm test still fails",
      "all tests passed",
    );
    const result = await runVerified(input({ mode: "fast" }), scripted(bad).complete, now);
    if (result.kind !== "proposal") throw new Error(result.kind);
    expect(result.report.outcome).toBe("patched");
    expect(result.summary).toContain("- Never write to stdout from library code.");
    expect(result.summary).not.toContain("all tests passed");
    expect(result.report.gaps).toEqual([]);
  });

  it("falls back to the labelled floor when the model times out or answers garbage", async () => {
    for (const reply of ["timeout", "I cannot help with that."]) {
      const result = await runVerified(input(), scripted(reply).complete, now);
      if (result.kind !== "proposal") throw new Error(result.kind);
      expect(result.report.outcome).toBe("floor");
      expect(result.summary).toMatch(
        /^# keel summary \(verified, balanced, floor, built from the session alone\)/,
      );
      expect(result.report.notice).toMatch(
        /: model failed \((timeout|invalid-response)\): built from the session alone · /,
      );
      expect(result.summary).toContain("- Never write to stdout from library code.");
    }
  });

  it("strict refuses with a reason and a way out instead of applying the floor", async () => {
    const result = await runVerified(input({ strict: true }), scripted("timeout").complete, now);
    expect(result.kind).toBe("refused");
    if (result.kind === "refused")
      expect(result.reason).toMatch(/strict mode: the model call failed \(timeout\).*\/keel compact/);
  });

  it("carries the ledger and reports changes since the previous verified compaction", async () => {
    const first = await runVerified(input(), scripted(GOOD).complete, now);
    if (first.kind !== "proposal") throw new Error(first.kind);
    const b = createSessionBuilder({ cwd: CWD });
    for (const e of session().branch) b.raw(e as never);
    b.compaction(first.summary, session().kept, first.details);
    b.user("Always log in UTC. Now add a --delimiter flag.");
    const cut = b.user("go on then");
    const again = await runVerified(
      { ...input(), branch: branchOf(b), firstKeptEntryId: cut },
      scripted("timeout").complete,
      now,
    );
    if (again.kind !== "proposal") throw new Error(again.kind);
    expect(again.summary).toContain("new constraint: Always log in UTC.");
    expect(again.summary).not.toContain("[earlier summary");
  });

  it("summarizes in batches and one assembly call when the prefix does not fit one call", async () => {
    const b = createSessionBuilder({ cwd: CWD });
    for (let i = 0; i < 40; i++) b.user(`Turn ${i}: ${"word ".repeat(200)}`);
    const kept = b.user("last");
    const model = scripted(...Array.from({ length: 8 }, (_, i) => (i < 3 ? `notes ${i}` : GOOD)));
    const result = await runVerified(
      {
        ...input(),
        branch: branchOf(b),
        firstKeptEntryId: kept,
        tokensBefore: 500_000,
        model: { maxTokens: 1000, contextWindow: 4_000 },
        mode: "fast",
      },
      model.complete,
      now,
    );
    if (result.kind !== "proposal") throw new Error(result.kind);
    expect(model.calls.map((c) => c.system.split("\n")[0])).toEqual([
      expect.stringContaining("one part of a longer coding session"),
      expect.stringContaining("one part of a longer coding session"),
      expect.stringContaining("working summary"),
    ]);
    expect(model.calls[2]?.prompt).toContain('<notes part="2">\nnotes 1');
    expect(result.warnings.join(" ")).toMatch(/oldest part\(s\) were summarized from the extraction only/);
  });
});
