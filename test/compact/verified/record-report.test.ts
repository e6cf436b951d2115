// A verified compaction's notice and changed lines reach the compaction record in a real SQLite store (in the
// `gaps` JSON, redacted), `keel status` / `/keel` show them, the UI's compaction view lists the removed and
// added lines, and rows written before keep reading.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { recordConfirmedCompaction } from "../../../src/compact/record.ts";
import { readStoredReport } from "../../../src/compact/stored-report.ts";
import { systemClock } from "../../../src/core/clock.ts";
import { buildCompactionView } from "../../../src/overview/compaction-view.ts";
import { collectStatus, renderStatusLines } from "../../../src/overview/status.ts";
import { VerifiedChanges } from "../../../src/server/ui/components/verified-changes.tsx";
import { parseSessionText } from "../../../src/session/parse.ts";
import { listCompactions, recordCompaction } from "../../../src/store/compactions.ts";
import type { Store } from "../../../src/store/db.ts";
import { openStore } from "../../../src/store/open.ts";
import { upsertProject } from "../../../src/store/projects.ts";

const SECRET = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
const NOTICE =
  'verified compaction (balanced): 1 line corrected: "All 4 tests passed." (the latest run of npm test failed); 1 rule restored · coverage 80% in the model\'s summary, 100% after repair · 1 model call';
const DETAILS = {
  keel: {
    strategy: "verified",
    outcome: "patched",
    coverage: 0.8,
    coverageAfter: 1,
    modelCalls: 1,
    latencyMs: 12,
    tokensAfter: 900,
    notice: NOTICE,
    gaps: [],
    changes: [
      {
        action: "corrected",
        text: "All 4 tests passed.",
        replacement: "The latest run of `npm test` failed.",
        why: "the latest run of npm test failed",
      },
      {
        action: "added",
        text: "- Never write to stdout from library code.",
        why: "a rule the user set was missing",
      },
      { action: "removed", text: `Deployed with token ${SECRET}.`, why: "no deploy in the session" },
    ],
  },
};

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "keel-record-report-"));
  store = await openStore(join(dir, "keel.db"));
  await upsertProject(store.db, { id: "p", root: dir, identitySource: "configured", name: "demo" }, 1);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (id: string, details: unknown) =>
  ({
    type: "compaction",
    id,
    parentId: null,
    timestamp: new Date(5).toISOString(),
    summary: "# keel summary",
    firstKeptEntryId: "k",
    tokensBefore: 40_000,
    details,
  }) as CompactionEntry;

describe("the verified report in the compaction record", () => {
  it("stores the notice, coverage after repair and the changed lines, redacted, and /keel shows them", async () => {
    const deps = { db: store.db, clock: systemClock };
    const event = {
      projectId: "p",
      sessionId: "s",
      sessionFile: undefined,
      reason: "threshold",
      fromExtension: true,
      entries: [],
    };
    await recordConfirmedCompaction(deps, { ...event, entry: entry("c1", DETAILS) });
    const [row] = await listCompactions(store.db);
    expect(row?.outcome).toBe("patched");
    expect(row?.gaps).not.toContain(SECRET);
    expect(row?.report).not.toContain(SECRET);
    // The gap kinds stay a JSON array in `gaps`; the report has its own column.
    expect(Array.isArray(JSON.parse(row?.gaps ?? "null"))).toBe(true);
    const report = readStoredReport({ gaps: row?.gaps ?? null, report: row?.report });
    expect(report.notice).toBe(NOTICE);
    expect(report.coverageAfter).toBe(1);
    expect(report.changes.map((c) => c.action)).toEqual(["corrected", "added", "removed"]);
    expect(report.changes[2]?.text).not.toContain(SECRET);

    const lines = renderStatusLines(
      await collectStatus(store, {
        ok: true,
        value: { id: "p", root: dir, identitySource: "configured", name: "demo" },
      }),
    );
    const text = lines.join("\n");
    expect(text).toContain(
      'verified · threshold · session s · 40000 tokens before · 1 line corrected: "All 4 tests passed."',
    );
    expect(text).toContain("coverage 80% in the model's summary, 100% after repair · 1 model call");
    expect(text).toContain("      − All 4 tests passed.  (the latest run of npm test failed)");
    expect(text).toContain("      + The latest run of `npm test` failed.");
    expect(text).toContain(
      "      + - Never write to stdout from library code.  (a rule the user set was missing)",
    );
  });

  it("reads a row written before (a bare array of gap kinds) and one from another writer", async () => {
    await recordCompaction(store.db, {
      projectId: "p",
      sessionId: "s",
      sessionFile: null,
      entryId: "old",
      strategy: "verified",
      reason: "manual",
      fromExtension: true,
      tokensBefore: 100,
      firstKeptEntryId: null,
      summaryChars: 10,
      outcome: "floor",
      coverage: 0.5,
      modelCalls: 1,
      gaps: '["missing-constraint"]',
      createdAt: 1,
    });
    const [row] = await listCompactions(store.db);
    expect(readStoredReport({ gaps: row?.gaps ?? null })).toEqual({
      gaps: ["missing-constraint"],
      notice: null,
      coverageAfter: null,
      changes: [],
    });
    expect(readStoredReport({ gaps: "not json", report: "not json either" }).changes).toEqual([]);
    const lines = renderStatusLines(
      await collectStatus(store, {
        ok: true,
        value: { id: "p", root: dir, identitySource: "configured", name: "demo" },
      }),
    );
    expect(lines.join("\n")).toContain("· floor · model coverage 50% · 1 model call(s)");
  });
});

describe("the UI's compaction view of a verified compaction", () => {
  it("lists the removed, corrected and restored lines with why", async () => {
    const b = createSessionBuilder();
    const first = b.user("Add CSV export.");
    b.assistant({ text: "Done." });
    b.compaction("# keel summary", first, DETAILS);
    const session = parseSessionText(b.toJsonl());
    const id = b.entries.at(-1)?.id ?? "";
    const view = buildCompactionView(session, id);
    if (!view.ok) throw new Error(view.reason);
    expect(view.value.modelCalls).toEqual({ count: 1, note: NOTICE });
    const verified = view.value.verified;
    if (!verified) throw new Error("no verified record");
    const html = String(
      await (VerifiedChanges({ verified }) as unknown as { toString(): Promise<string> }).toString(),
    );
    expect(html).toContain('data-testid="verified-notice"');
    expect(html).toContain("model&#39;s coverage 80%, after repair 100%, 1 model call(s)");
    expect(html).toMatch(/class="change-removed" data-action="corrected">− corrected: All 4 tests passed\./);
    expect(html).toMatch(
      /class="change-added" data-action="replacement">\+ replaced by: The latest run of `npm test` failed\./,
    );
    expect(html).toMatch(
      /class="change-added" data-action="added">.*Never write to stdout from library code\./,
    );
    expect(html).toMatch(/class="change-removed" data-action="removed">.*no deploy in the session/);
  });
});
