// The UI at a phone's width and the demo's signposts, in real headless Chromium over the demo folder: at 390 px no
// page scrolls sideways and axe finds nothing serious; the demo server shows its banner on every page, and a
// normal server over a store with projects links to the demo from its navigation.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFolder, prepareDemo } from "../../src/server/demo.ts";
import { type RunningServer, startServer } from "../../src/server/serve.ts";
import { openStore } from "../../src/store/open.ts";
import { listProjects } from "../../src/store/projects.ts";
import { seriousViolations } from "../support/axe.ts";
import { type LaunchedBrowser, launchBrowser } from "../support/browser.ts";
import { NATIVE, SESSION } from "../support/demo-facts.ts";

let demo: DemoFolder;
let demoServer: RunningServer;
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let pages: string[];

beforeAll(async () => {
  demo = await prepareDemo();
  const store = await openStore(demo.storeUrl);
  const projectId = (await listProjects(store.db))[0]?.id ?? "";
  await store.close();
  pages = [
    "/",
    "/sessions",
    "/dashboard",
    `/sessions/${SESSION}`,
    `/sessions/${SESSION}/compactions/${NATIVE}`,
    `/sessions/${SESSION}?view=entries`,
    `/sessions/${SESSION}?q=invoice`,
    `/sessions/${SESSION}/entries/${NATIVE}`,
    "/storage",
    `/projects/${projectId}/memory`,
    `/projects/${projectId}/memory?q=rounding`,
    `/projects/${projectId}/guard`,
  ];
  demoServer = await startServer({ storeUrl: demo.storeUrl, agentDir: demo.agentDir, readOnly: true });
  server = await startServer({ storeUrl: demo.storeUrl, agentDir: demo.agentDir, offerDemo: true });
  browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  expect((await page.goto(demoServer.url))?.status()).toBe(200);
  expect((await page.goto(server.url))?.status()).toBe(200);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await demoServer?.close();
  await server?.close();
  demo?.remove();
});

/** Elements wider than the viewport, as "tag.class" names, when the page scrolls sideways. */
async function overflow(): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    return Array.from(document.querySelectorAll("body *"))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest(".table-wrap, pre"))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join(".")}`);
  });
}

describe("at 390 px", () => {
  it("no page scrolls sideways and axe finds nothing serious", async () => {
    for (const path of pages) {
      expect((await page.goto(`${server.origin}${path}`))?.status(), path).toBe(200);
      expect(await overflow(), path).toEqual([]);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto(`${server.origin}${pages.find((p) => p.endsWith("/memory"))}`);
    await page.locator("[data-record-id] a").first().click();
    await page.waitForURL(/\/memory\/./);
    expect(await overflow(), "memory record").toEqual([]);
    expect(await seriousViolations(page), "memory record").toEqual([]);
  }, 120_000);
});

describe("the demo's signposts", () => {
  it("shows a banner on every page of the demo server, and none elsewhere", async () => {
    for (const path of pages) {
      await page.goto(`${demoServer.origin}${path}`);
      await expect(page.getByTestId("demo-banner").textContent(), path).resolves.toContain("read-only demo");
    }
    await page.goto(`${server.origin}/`);
    expect(await page.getByTestId("demo-banner").count()).toBe(0);
  }, 120_000);

  it("links to the demo from the navigation of a store with projects", async () => {
    await page.goto(`${server.origin}/sessions`);
    const link = page.getByTestId("demo-link");
    expect(await link.getAttribute("href")).toBe("/demo");
    await page.goto(`${server.origin}/`);
    expect(await page.getByTestId("demo-link").count()).toBe(1);
  });
});
