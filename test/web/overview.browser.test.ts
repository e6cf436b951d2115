// The overview page in real headless Chromium, served by the real server over a seeded store and a real
// pi session file: the token gate, the session and compaction rows, the stylesheet and the cookie flow.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../src/server/serve.ts";
import { recordCompaction } from "../../src/store/compactions.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { withBrowserPage } from "../support/browser.ts";

const SESSION_ID = "9d8c7b6a-1234-4abc-8def-0123456789ab";
const ENTRY_ID = "3c5f89ab";

const root = mkdtempSync(join(tmpdir(), "keel-ui-browser-"));
const agentDir = join(root, "agent");
const storeUrl = join(root, "keel.db");
let server: RunningServer;

beforeAll(async () => {
  const dir = join(agentDir, "sessions", "--home-dev-shop--");
  mkdirSync(dir, { recursive: true });
  const lines = [
    {
      type: "session",
      version: 3,
      id: SESSION_ID,
      timestamp: "2026-11-29T11:08:50.663Z",
      cwd: "/home/dev/shop",
    },
    {
      type: "message",
      id: "m1",
      parentId: null,
      timestamp: "2026-11-29T11:08:51.000Z",
      message: { role: "user" },
    },
    { type: "compaction", id: ENTRY_ID, parentId: "m1", timestamp: "2026-11-29T11:20:00.000Z", summary: "s" },
    {
      type: "session_info",
      id: "i1",
      parentId: ENTRY_ID,
      timestamp: "2026-11-29T11:21:00.000Z",
      name: "checkout",
    },
  ];
  writeFileSync(
    join(dir, `2026-11-29T11-08-50-663Z_${SESSION_ID}.jsonl`),
    `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
  );
  const store = await openStore(storeUrl);
  try {
    const project = {
      id: "a".repeat(64),
      root: "/home/dev/shop",
      identitySource: "git" as const,
      name: "shop",
    };
    await upsertProject(store.db, project, Date.parse("2026-11-29T11:00:00Z"));
    await recordCompaction(store.db, {
      projectId: project.id,
      sessionId: SESSION_ID,
      sessionFile: null,
      entryId: ENTRY_ID,
      strategy: "verbatim",
      reason: "threshold",
      fromExtension: true,
      tokensBefore: 18_250,
      firstKeptEntryId: "m1",
      summaryChars: 3210,
      createdAt: Date.parse("2026-11-29T11:20:00Z"),
    });
  } finally {
    await store.close();
  }
  server = await startServer({ storeUrl, agentDir });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("overview page in Chromium", () => {
  it("shows 401 without the token", async () => {
    await withBrowserPage(server.origin, async (page, response) => {
      expect(response?.status()).toBe(401);
      await expect(page.locator("h1").textContent()).resolves.toBe("401 Unauthorized");
    });
  });

  it("shows the session and its compaction, styled, and keeps working through the cookie", async () => {
    await withBrowserPage(server.url, async (page) => {
      await expect(page.locator("#title").textContent()).resolves.toBe("keel overview");
      const session = page.locator(`#sessions tr[data-session-id="${SESSION_ID}"]`);
      await session.waitFor({ state: "visible" });
      const sessionText = ((await session.textContent()) ?? "").replace(/\s+/g, " ");
      expect(sessionText).toContain(SESSION_ID.slice(0, 8));
      expect(sessionText).toContain("checkout");
      expect(sessionText).toContain("/home/dev/shop");
      expect(sessionText).toContain("1 / 1");

      const compaction = page.locator(`#compactions tr[data-entry-id="${ENTRY_ID}"]`);
      await compaction.waitFor({ state: "visible" });
      const compactionText = ((await compaction.textContent()) ?? "").replace(/\s+/g, " ");
      expect(compactionText).toContain("shop");
      expect(compactionText).toContain("verbatim");
      expect(compactionText).toContain("18,250");
      expect(compactionText).toContain("3,210");

      const border = await page
        .locator(".table-wrap")
        .first()
        .evaluate((el) => getComputedStyle(el).borderRadius);
      expect(border).toBe("8px");

      await compaction.locator("a").click();
      expect(new URL(page.url()).hash).toBe(`#session-${SESSION_ID}`);

      const again = await page.goto(server.origin);
      expect(again?.status()).toBe(200);
      await expect(page.locator("#projects tr[data-project-id]").count()).resolves.toBe(1);
    });
  });
});
