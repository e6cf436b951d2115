// Every UI page in real headless Chromium over the demo folder (two sessions real pi wrote, with their memory
// and journal): each page is checked with axe-core (no serious or critical violation) and screenshotted into
// test-results/screenshots/; then a compaction view is opened from the timeline, memory is searched, a record
// is superseded through the page's confirmation form, and the session page updates live when pi's file grows.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoFolder } from "../../src/server/demo.ts";
import { listSessionFiles, sessionDirsFor } from "../../src/session/session-files.ts";
import { openStore } from "../../src/store/open.ts";
import { listProjects } from "../../src/store/projects.ts";
import { seriousViolations } from "../support/axe.ts";
import { REPO_ROOT } from "../support/cli.ts";
import { type DemoInBrowser, openDemoInBrowser } from "../support/demo-browser.ts";
import { NATIVE, SESSION } from "../support/demo-facts.ts";

const SHOTS = join(REPO_ROOT, "test-results", "screenshots");

let opened: DemoInBrowser;
let demo: DemoFolder;
let server: DemoInBrowser["server"];
let page: Page;
let projectId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  opened = await openDemoInBrowser();
  ({ demo, server, page } = opened);
  const store = await openStore(demo.storeUrl);
  projectId = (await listProjects(store.db))[0]?.id ?? "";
  await store.close();
}, 120_000);

afterAll(async () => {
  await opened?.close();
});

async function visit(path: string, shot: string): Promise<void> {
  const response = await page.goto(`${server.origin}${path}`);
  expect(response?.status(), path).toBe(200);
  expect(await seriousViolations(page), path).toEqual([]);
  await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
}

describe("every page in Chromium", () => {
  it("walks every page with no serious or critical axe violation, screenshotting each", async () => {
    const pages: [string, string][] = [
      ["/", "overview"],
      ["/dashboard", "dashboard"],
      ["/sessions", "sessions"],
      ["/storage", "storage-empty"],
      [`/sessions/${SESSION}`, "session"],
      [`/sessions/${SESSION}/entries/${NATIVE}`, "entry"],
      [`/sessions/${SESSION}?q=lint.js`, "session-search"],
      [`/sessions/${SESSION}/compactions/${NATIVE}`, "compaction"],
      [`/projects/${projectId}/memory`, "memory"],
      [`/projects/${projectId}/guard`, "guard"],
    ];
    for (const [path, shot] of pages) await visit(path, shot);
    await page.goto(`${server.origin}/projects/${projectId}/memory`);
    await page.locator("[data-record-id] a").first().click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "memory-record.png"), fullPage: true });
  }, 120_000);

  it("opens a compaction view from the timeline and shows lost and restored items", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    await page.locator(`#entry-${NATIVE} a`).click();
    await page.waitForURL(`**/compactions/${NATIVE}`);
    await expect(page.locator('[data-testid="verification-summary"]').textContent()).resolves.toContain(
      "0 preserved, 3 lost, 2 restored",
    );
    await expect(page.locator('[data-item-id="public-api"]').getAttribute("data-outcome")).resolves.toBe(
      "restored",
    );
  });

  it("searches memory and supersedes a record through the confirmation form", async () => {
    await page.goto(`${server.origin}/projects/${projectId}/memory`);
    await page.getByLabel("Words").fill("minimum charge");
    await page.getByRole("button", { name: "Search" }).click();
    const hit = page.locator("[data-record-id]").first();
    await expect(hit.textContent()).resolves.toContain("Minimum charge applies after line rounding");
    const newer = (await hit.getAttribute("data-record-id")) ?? "";
    await page.getByLabel("Words").fill("half-to-even");
    await page.getByRole("button", { name: "Search" }).click();
    await page.locator("[data-record-id] a", { hasText: "half-to-even" }).click();
    await page.getByLabel("Replaced by").fill(newer);
    await page.getByRole("button", { name: "Supersede" }).click();
    expect(await page.locator('[data-testid="record-status"]').textContent()).toBe("active");
    await page.getByLabel("Mark this record superseded").check();
    await page.getByRole("button", { name: "Supersede" }).click();
    await page.waitForURL(/done=superseded/, { timeout: 10_000 }).catch(async (error) => {
      throw new Error(`${error}\n${page.url()}\n${(await page.content()).slice(0, 600)}`);
    });
    await expect(page.locator('[data-testid="record-status"]').textContent()).resolves.toBe("superseded");
    await expect(page.locator('[data-testid="superseded-by"]').textContent()).resolves.toContain(newer);
  });

  it("updates the session page without a reload when pi appends to the file", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    const file = (await listSessionFiles(sessionDirsFor(demo.agentDir))).sessions.find(
      (s) => s.sessionId === SESSION,
    );
    const entry = {
      type: "message",
      id: "live0001",
      parentId: null,
      timestamp: new Date().toISOString(),
      message: {
        role: "user",
        content: "a live line appended while the page is open",
        timestamp: Date.now(),
      },
    };
    appendFileSync(file?.path ?? "", `${JSON.stringify(entry)}\n`);
    await page.locator("#entry-live0001").waitFor({ state: "attached", timeout: 15_000 });
    await expect(page.locator("#entry-live0001").textContent()).resolves.toContain("a live line appended");
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe(
      "same document",
    );
  });
});
