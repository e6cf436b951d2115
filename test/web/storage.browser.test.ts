// The storage page in real headless Chromium over what real pi wrote: keel spills a large `ls` output in a pi
// session (spill turned on with `/keel trim spill on`), `keel ui` serves that agent dir, and a person follows the
// Storage link in the site navigation, sees the file with its session, size and the call that spilled it, and
// opens it in full. Nothing serious or critical for axe at 1280 or 390 px, and no sideways scroll at 390.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { type LaunchedBrowser, launchBrowser } from "../support/browser.ts";
import { scrollsSideways } from "../support/demo-browser.ts";
import type { RunningUi } from "../support/keel-ui.ts";
import { type RealSpill, SPILLED_NAMES, spillInRealPi } from "../support/real-spill.ts";
import type { TempProject } from "../support/temp-project.ts";

let project: TempProject;
let ui: RunningUi;
let browser: LaunchedBrowser;
let page: Page;
let spill: RealSpill["spill"];

beforeAll(async () => {
  ({ project, spill } = await spillInRealPi("storage-page"));
  ui = await project.startUi();
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const signedIn = await page.goto(ui.url);
  if (signedIn?.status() !== 200) throw new Error(`the token link answered ${signedIn?.status()}`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await ui?.stop();
  project?.cleanup();
});

describe("the storage page", () => {
  it("is one click from the navigation and lists the spilled output with what spilled it", async () => {
    await page.locator('nav[aria-label="site"] a', { hasText: "Storage" }).click();
    await page.waitForURL("**/storage");
    const row = page.locator(`tr[data-artifact="${spill.sha256}.txt"]`);
    await expect(row.count()).resolves.toBe(1);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("ls");
    expect(text).toContain("many");
    expect(text).toContain(spill.origin.slice(0, 8));
    expect(text).toMatch(/\d+(\.\d)? KiB/);
    // The call's entry opens in full: the tool result pi wrote, now holding the spill's marker.
    await row.locator(`a[href$="/entries/${spill.entryId}"]`).click();
    await page.waitForURL(`**/entries/${spill.entryId}`);
    await expect(page.getByTestId("entry-text").textContent()).resolves.toContain(`a:${spill.sha256}`);
    await page.goBack();
    await expect(page.getByTestId("storage-totals").textContent()).resolves.toContain("1 file");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("opens the artifact in full, checked, with the listing pi's ls returned", async () => {
    await page.goto(`${new URL(ui.url).origin}/storage`);
    await page.locator(`a[href="/storage/${spill.origin}/${spill.sha256}"]`).click();
    await page.waitForURL(`**/storage/${spill.origin}/${spill.sha256}`);
    const body = (await page.getByTestId("artifact-text").textContent()) ?? "";
    expect(body.split("\n").sort()).toEqual([...SPILLED_NAMES].sort());
    await expect(page.getByTestId("artifact-range").textContent()).resolves.toContain(
      `of ${body.length.toLocaleString("en-US")}`,
    );
    await expect(page.getByTestId("artifact-facts").textContent()).resolves.toContain("ls");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("fits 390 px with nothing serious for axe, list and artifact alike", async () => {
    const origin = new URL(ui.url).origin;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of ["/storage", `/storage/${spill.origin}/${spill.sha256}`]) {
        await page.goto(`${origin}${path}`);
        expect(await scrollsSideways(page), path).toBe(false);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
