// The verified strategy in a real pi on the faux model, which answers keel's synthesis requests from the
// facts block keel sends: a good summary is applied; one missing a constraint is repaired; one claiming
// "all tests passed" without evidence is caught; a timeout and a garbage answer still give a labelled
// compaction; re-compacting over an earlier summary works and does not re-mine it; strict refuses and says
// why; a dry run makes no model call.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStoredReport } from "../../src/compact/stored-report.ts";
import { listCompactions } from "../../src/store/compactions.ts";
import { openStore } from "../../src/store/open.ts";
import type { PiRpc } from "../support/pi-rpc.ts";
import { createTempProject, type FauxRule, type TempProject } from "../support/temp-project.ts";

const PAD = " This sentence pads the turn so that the small keep window leaves older turns to compact.";
const RULE = "Never write to stdout from library code.";
const DECISION = "Decision: quoting follows RFC 4180.";
const SYSTEM = "working summary that replaces";
/** Goal, constraints, decisions and the rest of keel's facts block, as capture groups 1-4. */
const FACTS =
  "Goal: (.*)\\nConstraints \\(copy word for word\\):\\n((?:- .*\\n)*)Decisions \\(copy word for word\\):\\n((?:- .*\\n)*)([\\s\\S]*?)</facts>";
const GOOD = "## Goal\n$1\n\n## Constraints\n$2\n## Decisions\n$3\n## Progress\n$4";

type Entry = { type: string; id: string; summary?: string; details?: { keel?: Record<string, unknown> } };

function summaryRule(reply: string, extra: Partial<FauxRule> = {}): FauxRule {
  return { on: "user", system: SYSTEM, match: FACTS, reply, ...extra };
}

async function compactions(pi: PiRpc): Promise<Entry[]> {
  return ((await pi.readSessionEntries()) as Entry[]).filter((e) => e.type === "compaction");
}

async function talk(pi: PiRpc, n: number): Promise<void> {
  await pi.prompt(`Add CSV export to the report command. ${RULE}${PAD}`);
  await pi.prompt(`${DECISION}${PAD}`);
  for (let i = 0; i < n; i++) await pi.prompt(`Now handle the header row number ${i}.${PAD}`);
}

describe("verified compaction in a real pi", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "verified-demo" });
  });
  afterAll(() => project?.cleanup());

  it("applies a good summary, repairs a missing constraint, catches an unsupported claim, and re-compacts", async () => {
    project.writeFauxScript({ rules: [summaryRule(GOOD)] });
    const pi = await project.startPi();
    try {
      await pi.command("/keel compact strategy verified");
      await talk(pi, 2);
      const good = await pi.compact();
      expect(good.summary).toMatch(/^# keel summary \(verified, balanced, synthesized, coverage 100%\)/);
      expect(good.summary).toContain(RULE);
      expect(project.fauxRequests().filter((r) => r.systemHead.includes("working summary"))).toHaveLength(1);

      project.writeFauxScript({ rules: [summaryRule("## Goal\n$1\n\n## Decisions\n$3\n## Progress\n$4")] });
      await talk(pi, 1);
      const repaired = await pi.compact();
      expect(repaired.summary).toMatch(
        /^# keel summary \(verified, balanced, patched, coverage \d+%, 100% after repair\)/,
      );
      expect(repaired.summary).toContain(`- ${RULE}`);

      project.writeFauxScript({ rules: [summaryRule(`${GOOD}\n- all tests passed`)] });
      await talk(pi, 1);
      const claim = await pi.compact();
      expect(claim.summary).toMatch(/patched, coverage 100%/);
      expect(claim.summary).not.toContain("all tests passed");
      // The false line goes alone: the rest of the model's summary stays as written.
      for (const kept of [
        "## Goal",
        "## Constraints",
        `- ${RULE}`,
        "## Decisions",
        `- ${DECISION}`,
        "## Progress",
      ])
        expect(claim.summary).toContain(kept);
      const [first, second, third] = await compactions(pi);
      expect(first?.details?.keel).toMatchObject({
        strategy: "verified",
        outcome: "synthesized",
        modelCalls: 1,
      });
      expect(second?.details?.keel?.foundGaps).toEqual([{ kind: "missing-constraint", item: RULE }]);
      expect(third?.details?.keel?.foundGaps).toEqual([
        expect.objectContaining({ kind: "unsupported-claim", item: "all tests passed" }),
      ]);
      // One notification per compaction, naming what happened in plain words.
      const said = pi
        .notifications(0)
        .map((n) => n.message)
        .filter((m) => m.startsWith("keel: verified compaction"));
      expect(said).toEqual([
        expect.stringMatching(/: summary kept · coverage 100% · 1 model call$/),
        expect.stringMatching(/: 1 rule restored · coverage \d+% in the model's summary, 100% after repair/),
        expect.stringMatching(/: 1 line removed: "all tests passed" \(no test run in the session\)/),
      ]);
      // The earlier summaries are recap: the third compaction's ledger holds the user's rule once, nothing more.
      expect((third?.details?.keel?.ledger as { constraints: string[] } | undefined)?.constraints).toEqual([
        RULE,
      ]);
    } finally {
      await pi.close();
    }
    const store = await openStore(project.keelDb);
    try {
      const rows = (await listCompactions(store.db)).reverse();
      expect(rows.map((r) => [r.strategy, r.outcome, r.modelCalls, readStoredReport(r).gaps])).toEqual([
        ["verified", "synthesized", 1, []],
        ["verified", "patched", 1, []],
        ["verified", "patched", 1, []],
      ]);
      // The record keeps what the user was told and the lines the repair changed, with why.
      const reports = rows.map((r) => readStoredReport(r));
      expect(reports.map((r) => r.notice)).toEqual([
        expect.stringMatching(/: summary kept · coverage 100% · 1 model call$/),
        expect.stringMatching(/: 1 rule restored · /),
        expect.stringMatching(/: 1 line removed: "all tests passed" \(no test run in the session\)/),
      ]);
      expect(reports.map((r) => r.changes.map((c) => [c.action, c.text]))).toEqual([
        [],
        [["added", expect.stringContaining(RULE)]],
        [["removed", "all tests passed"]],
      ]);
      // The model's own coverage: the second summary left a rule out.
      expect(rows.map((r) => (r.coverage ?? 0) < 1)).toEqual([false, true, false]);
      expect(rows.every((r) => (r.tokensAfter ?? 0) > 0 && (r.latencyMs ?? -1) >= 0)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("keeps a true 'all 4 tests passed' after a passing run, and corrects it alone once the latest run fails", async () => {
    const suite = (code: number) =>
      writeFileSync(
        join(project.projectDir, "package.json"),
        JSON.stringify({
          name: "demo",
          scripts: { test: `node -e "console.log('4 tests'); process.exit(${code})"` },
        }),
      );
    const runTests = {
      on: "user" as const,
      match: "^Run the tests",
      toolCalls: [{ name: "bash", arguments: { command: "npm test" } }],
    };
    const afterRun = { on: "toolResult" as const, match: "^bash\\n", reply: "The run finished." };
    const claim = `${GOOD}\n- All 4 tests passed.`;
    suite(0);
    project.writeFauxScript({ rules: [summaryRule(claim), runTests, afterRun] });
    const pi = await project.startPi();
    try {
      await pi.command("/keel compact strategy verified");
      await talk(pi, 1);
      await pi.prompt(`Run the tests.${PAD}`);
      await talk(pi, 1);
      const from = pi.records.length;
      const kept = await pi.compact();
      expect(kept.summary).toMatch(/^# keel summary \(verified, balanced, synthesized, coverage 100%\)/);
      expect(kept.summary).toContain("- All 4 tests passed.");
      const first = pi
        .notifications(from)
        .map((n) => n.message)
        .filter((m) => m.startsWith("keel: verified"));
      expect(first).toEqual([expect.stringMatching(/: summary kept · coverage 100% · 1 model call$/)]);
      // Applied unchanged: no line removed, corrected or added, no gap found in the model's text.
      const [keptEntry] = await compactions(pi);
      expect(keptEntry?.details?.keel).toMatchObject({ outcome: "synthesized", changes: [], foundGaps: [] });

      suite(1);
      await pi.prompt(`Run the tests again.${PAD}`);
      await talk(pi, 1);
      const next = pi.records.length;
      const corrected = await pi.compact();
      expect(corrected.summary).not.toContain("- All 4 tests passed.");
      expect(corrected.summary).toContain("The latest run of `npm test` failed.");
      expect(corrected.summary).toContain(RULE);
      expect(corrected.summary).toContain(DECISION);
      const second = pi
        .notifications(next)
        .map((n) => n.message)
        .filter((m) => m.startsWith("keel: verified"));
      expect(second).toEqual([
        expect.stringMatching(
          /: 1 line corrected: "All 4 tests passed\." \(the latest run of npm test failed\)/,
        ),
      ]);
      const [, entry] = await compactions(pi);
      expect(entry?.details?.keel?.changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: "corrected", text: "All 4 tests passed." }),
        ]),
      );
    } finally {
      await pi.close();
    }
  });

  it("labels the floor when the model times out or answers garbage, and strict refuses with a reason", async () => {
    const pi = await project.startPi();
    try {
      await pi.command("/keel compact strategy verified");
      await pi.command("/keel compact timeout 1");
      project.writeFauxScript({ rules: [summaryRule(GOOD, { delayMs: 5_000 })] });
      await talk(pi, 2);
      const slow = await pi.compact();
      expect(slow.summary).toMatch(
        /^# keel summary \(verified, balanced, floor, built from the session alone\)/,
      );
      expect(slow.summary).toContain(RULE);

      project.writeFauxScript({ rules: [summaryRule("I would rather not.")] });
      await talk(pi, 1);
      const garbage = await pi.compact();
      expect(garbage.summary).toMatch(/floor, built from the session alone/);
      expect(
        pi
          .notifications(0)
          .map((n) => n.message)
          .filter((m) => m.startsWith("keel: verified compaction")),
      ).toEqual([
        expect.stringMatching(/: model failed \(timeout\): built from the session alone/),
        expect.stringMatching(/: model failed \(invalid-response\): built from the session alone/),
      ]);
      const floors = (await compactions(pi)).map((c) => c.details?.keel?.failure);
      expect(floors).toEqual(["timeout", "invalid-response"]);

      await pi.command("/keel compact strict on");
      await talk(pi, 1);
      const before = (await compactions(pi)).length;
      const from = pi.records.length;
      await expect(pi.compact()).rejects.toThrow();
      expect((await compactions(pi)).length).toBe(before);
      expect(
        pi
          .notifications(from)
          .map((n) => n.message)
          .join("\n"),
      ).toMatch(
        /strict mode: the model call failed \(invalid-response\), so the conversation was left unchanged/,
      );
    } finally {
      await pi.close();
    }
  });

  it("previews with --dry-run without a model call, then runs /keel compact verified thorough with a focus", async () => {
    project.writeFauxScript({ rules: [summaryRule(GOOD)] });
    const pi = await project.startPi();
    try {
      await talk(pi, 2);
      const requests = project.fauxRequests().length;
      const preview = await pi.command("/keel compact verified thorough --dry-run");
      expect(preview.notifications.map((n) => n.message).join("\n")).toMatch(
        /verified compaction preview \(thorough, no model call made\)/,
      );
      expect(project.fauxRequests().length).toBe(requests);
      const from = pi.records.length;
      await pi.command("/keel compact verified thorough the CSV header");
      await pi.waitFor((r) => r.type === "compaction_end", { after: from, timeoutMs: 30_000 });
      const [entry] = await compactions(pi);
      expect(entry?.summary).toMatch(/^# keel summary \(verified, thorough, synthesized/);
      const asked = project
        .fauxRequests()
        .slice(requests)
        .find((r) => r.systemHead.includes("working summary"));
      expect(asked).toBeDefined();
    } finally {
      await pi.close();
    }
  });

  it("compacts on its own at idle once context use passes the auto threshold", async () => {
    project.writeFauxScript({ rules: [summaryRule(GOOD)] });
    const pi = await project.startPi({ env: { ...project.env, KEEL_FAUX_CONTEXT_WINDOW: "30000" } });
    try {
      // pi's own threshold (window minus its reserve) stays out of reach; keel's 10% is passed within a few turns.
      await pi.command("/keel compact auto 10");
      const from = pi.records.length;
      await talk(pi, 1);
      await pi.prompt(`Now handle quoted fields.${PAD}${PAD}${PAD}`);
      await pi.waitFor((r) => r.type === "compaction_end", { after: from, timeoutMs: 30_000 });
      const [entry] = await compactions(pi);
      expect(entry?.summary).toMatch(/^# keel summary \(verified, balanced, synthesized/);
      expect(
        pi
          .notifications(from)
          .map((n) => n.message)
          .join("\n"),
      ).toMatch(/context at \d+% of the window \(threshold 10%\)/);
    } finally {
      await pi.close();
    }
  });
});
