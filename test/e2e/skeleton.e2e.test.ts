// The walking skeleton end to end: `keel install` into a fresh project, a real pi RPC session on the faux model,
// /keel, a manual compaction recorded in the store, /keel in a second pi process, and both rows in the web UI.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveProjectIdentity } from "../../src/project/identity.ts";
import { listCompactions } from "../../src/store/compactions.ts";
import { openStore } from "../../src/store/open.ts";
import type { CompactionRow } from "../../src/store/schema/index.ts";
import { withBrowserPage } from "../support/browser.ts";
import { startKeelUi } from "../support/keel-ui.ts";
import type { PiRpc, SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const PROJECT_NAME = "skeleton-demo";
/** Long enough that keepRecentTokens: 40 leaves older turns to summarize. */
const PROMPTS = [
  "Plan the parser rewrite: the tokenizer in src/lex.ts mixes lookahead with error recovery and must be split.",
  "List the risky modules first; the macro expander and the incremental reparse cache both depend on spans.",
  "Start with the lexer. Keep the public Token type stable and add a golden test for every keyword in it.",
];

type CompactionLine = Extract<SessionFileLine, { type: "compaction" }>;

describe("keel skeleton in a real pi", () => {
  let project: TempProject;
  let sessionId = "";
  let compactionEntry: CompactionLine | undefined;

  beforeAll(() => {
    project = createTempProject({ name: PROJECT_NAME });
  });

  afterAll(() => project?.cleanup());

  it("keel install registers the extension and keeps the project's own pi settings", () => {
    const settings = project.projectSettings();
    expect(settings.compaction).toEqual({ keepRecentTokens: 40 });
    expect(settings.packages).toEqual([expect.stringMatching(/agent\/keel\/pi-extension$/)]);
  });

  it("runs prompts, answers /keel, and records a manual compaction made through keel's handler", async () => {
    const pi = await project.startPi();
    try {
      for (const text of PROMPTS) {
        const run = await pi.prompt(text);
        expect(run.disposition).toBe("started");
        expect(run.assistantText).toBe(`echo: ${text}`);
      }

      const status = await pi.command("/keel");
      expect(status.disposition).toBe("handled");
      expect(status.notifications).toHaveLength(1);
      const text = status.notifications[0]?.message ?? "";
      expect(text).toContain("keel");
      expect(text).toContain(PROJECT_NAME);
      expect(text).toContain("compactions recorded for this project: 0");

      const result = await pi.compact();
      // keel's default strategy writes a verbatim checkpoint: deterministic, and no model call at all.
      expect(result.summary).toMatch(/^# keel checkpoint 1 \(verbatim, written without a model call\)/);
      expect(result.summary).toContain(PROMPTS[0]);
      expect(pi.eventsOfType("compaction_start")).toEqual([{ type: "compaction_start", reason: "manual" }]);
      expect(pi.eventsOfType("compaction_end")).toMatchObject([{ reason: "manual", aborted: false }]);

      const state = await pi.getState();
      sessionId = state.sessionId;
      const lines = await pi.readSessionEntries();
      expect(lines[0]).toMatchObject({ type: "session", id: sessionId, cwd: project.projectDir });
      const compactions = lines.filter((line): line is CompactionLine => line.type === "compaction");
      expect(compactions).toHaveLength(1);
      compactionEntry = compactions[0];
      expect(compactionEntry).toMatchObject({
        summary: result.summary,
        firstKeptEntryId: result.firstKeptEntryId,
      });
      expect(project.fauxRequests().filter((r) => r.kind === "summary")).toEqual([]);
    } finally {
      const closed = await pi.close();
      expect(closed).toMatchObject({ code: 0, forced: false });
    }
    expectQuietPi(pi);
    // session_shutdown closed keel's store: SQLite folds and deletes the WAL when its last connection closes.
    expect(existsSync(`${project.keelDb}-wal`)).toBe(false);
  });

  it("stored the compaction row for the session entry", async () => {
    expect(compactionEntry).toBeDefined();
    const identity = resolveProjectIdentity({ cwd: project.projectDir });
    if (!identity.ok) throw new Error(identity.reason);
    const store = await openStore(project.keelDb);
    let rows: CompactionRow[];
    try {
      rows = await listCompactions(store.db, { projectId: identity.value.id });
    } finally {
      await store.close();
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      projectId: identity.value.id,
      sessionId,
      entryId: compactionEntry?.id,
      strategy: "verbatim",
      reason: "manual",
      fromExtension: true,
      firstKeptEntryId: compactionEntry?.firstKeptEntryId,
      tokensBefore: compactionEntry?.tokensBefore,
      summaryChars: compactionEntry?.summary.length,
    });
    expect(rows[0]?.sessionFile).toMatch(new RegExp(`${sessionId}\\.jsonl$`));
  });

  it("/keel in a new pi process on the same project reports the recorded compaction", async () => {
    const pi = await project.startPi();
    try {
      const status = await pi.command("/keel");
      const text = status.notifications.map((n) => n.message).join("\n");
      expect(text).toContain("compactions recorded for this project: 1");
      expect(text).toContain(`session ${sessionId.slice(0, 8)}`);
      expect(text).toMatch(/verbatim · manual/);
    } finally {
      const closed = await pi.close();
      expect(closed).toMatchObject({ code: 0, forced: false });
    }
    expectQuietPi(pi);
  });

  it("keel ui --demo serves the read-only demo from its own temporary store", async () => {
    const ui = await startKeelUi({ cwd: project.projectDir, env: project.env, args: ["--demo"] });
    try {
      const html = await (await fetch(ui.url)).text();
      expect(html).toContain("keel-demo-");
      expect(html).not.toContain(project.keelDb);
      expect(html).toContain("invoice-kit");
    } finally {
      await ui.stop();
    }
    const mixed = project.keel(["ui", "--demo", "--session-dir", project.sessionsDir]);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain("--demo serves its own sessions");
  });

  it("the web UI shows the session and its compaction in Chromium", async () => {
    const entryId = compactionEntry?.id;
    expect(entryId).toBeDefined();
    const ui = await project.startUi();
    try {
      await withBrowserPage(ui.url, async (page, response) => {
        expect(response?.status()).toBe(200);
        const sessionRow = page.locator(`tr[data-session-path][data-session-id="${sessionId}"]`);
        const compactionRow = page.locator(`tr[data-entry-id="${entryId}"]`);
        await sessionRow.waitFor({ state: "visible", timeout: 15_000 });
        await compactionRow.waitFor({ state: "visible", timeout: 15_000 });
        expect(await compactionRow.getAttribute("data-session-id")).toBe(sessionId);
        expect(await compactionRow.textContent()).toMatch(/verbatim[\s\S]*manual/);
        await sessionRow.locator(`a[href="/sessions/${sessionId}"]`).click();
        await page.locator(`#entry-${entryId} a`).click();
        await page.waitForURL(`**/compactions/${entryId}`);
        expect(await page.locator('[data-testid="model-calls"]').textContent()).toMatch(/^0 /);
      });
    } finally {
      await ui.stop();
    }
  });
});

/** keel must not leak node:sqlite's warning into pi, nor raise a failure notification or an extension error. */
function expectQuietPi(pi: PiRpc): void {
  expect(pi.stderr()).not.toContain("ExperimentalWarning");
  expect(pi.notifications().filter((n) => n.notifyType !== "info")).toEqual([]);
  expect(pi.eventsOfType("extension_error")).toEqual([]);
  expect(pi.stdoutNoise).toEqual([]);
}
