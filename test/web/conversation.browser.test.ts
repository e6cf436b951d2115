// The session page's conversation view of the demo session (written by real pi with keel installed), in real
// headless Chromium: a folded edit call opens to its diff, arguments and output, refused calls are marked without
// opening them, an entry opens in full, a compaction marker leads to its compaction view, the raw-entries tab still
// works, and axe finds nothing serious or critical at 1280 and at 390 px (where nothing scrolls sideways either).
// Screenshots go to test-results/screenshots/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { REPO_ROOT } from "../support/cli.ts";
import { type DemoInBrowser, openDemoInBrowser, scrollsSideways } from "../support/demo-browser.ts";
import { NATIVE, SECOND_SESSION, SESSION } from "../support/demo-facts.ts";

const SHOTS = join(REPO_ROOT, "test-results", "screenshots");

let opened: DemoInBrowser;
let server: DemoInBrowser["server"];
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  opened = await openDemoInBrowser({ readOnly: true });
  ({ server, page } = opened);
}, 120_000);

afterAll(async () => {
  await opened?.close();
});

const sideways = () => scrollsSideways(page);

describe("the conversation view of the demo session", () => {
  it("opens a folded edit call to its diff, arguments and output", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    await expect(
      page.locator('nav.tabs [data-tab="conversation"]').getAttribute("aria-current"),
    ).resolves.toBe("page");
    const call = page.locator("details.tool-call", { hasText: "src/invoice.js" }).filter({ hasText: "edit" });
    await expect(call.getAttribute("data-outcome")).resolves.toBe("ok");
    await expect(call.locator(":scope > summary").textContent()).resolves.toMatch(/\+\d+ −1/);
    await expect(call.locator("pre.patch").isVisible()).resolves.toBe(false);
    await call.locator(":scope > summary").click();
    await expect(call.getAttribute("open")).resolves.toBe("");
    await expect(call.locator("pre.patch").isVisible()).resolves.toBe(true);
    await expect(call.locator(".patch-add").allTextContents()).resolves.toContainEqual(
      expect.stringContaining("+function roundHalfEven(cents) {"),
    );
    await expect(call.locator(".patch-del").first().textContent()).resolves.toMatch(/^-.*applyDiscount/);
    await expect(call.locator("pre").nth(2).textContent()).resolves.toContain(
      "Successfully replaced 2 block(s) in src/invoice.js.",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await call.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "conversation.png"), fullPage: true });
  }, 60_000);

  it("marks the loop brake's refusal and the declined destructive command without opening them", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    const brake = page.locator('.refusal-marker[data-refusal="refused by keel: loop brake"]');
    await expect(brake.isVisible()).resolves.toBe(true);
    await expect(brake.textContent()).resolves.toContain("keel loop brake: this command failed 2 times");
    const declined = page.locator('.refusal-marker[data-refusal="refused by the user"]');
    await expect(declined.textContent()).resolves.toContain("deletes untracked files (git clean -fdx)");
    await expect(
      page.locator('details.tool-call[data-outcome="refused"]', { hasText: "git clean -fdx" }).count(),
    ).resolves.toBe(1);
  });

  it("labels each destructive command keel asked about with the answer, the approved one too", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    const asked = page.locator('li[data-custom-type="keel.guard.destructive"]');
    await expect(asked.count()).resolves.toBe(2);
    await expect(asked.nth(0).textContent()).resolves.toContain(
      "Destructive command asked: declined by the user (deletes untracked files (git clean -fdx))",
    );
    const approved = asked.nth(1);
    await expect(approved.textContent()).resolves.toContain(
      "Destructive command asked: approved by the user",
    );
    const fold = approved.locator("details");
    await expect(fold.locator("pre").isVisible()).resolves.toBe(false);
    await fold.locator(":scope > summary").click();
    await expect(fold.locator("pre").textContent()).resolves.toContain(
      "$ git clean -f -- notes-rounding.txt",
    );
    // The approved call ran: its outcome is ok, not refused.
    await expect(
      page
        .locator("details.tool-call", { hasText: "git clean -f -- notes-rounding.txt" })
        .getAttribute("data-outcome"),
    ).resolves.toBe("ok");
  });

  it("picks the branch the user left in the second session, the current one shown first", async () => {
    await page.goto(`${server.origin}/sessions/${SECOND_SESSION}`);
    const picker = page.locator("select#branch-leaf");
    await expect(picker.locator("option").count()).resolves.toBe(2);
    await expect(picker.locator("option:checked").textContent()).resolves.toMatch(/^current: Agreed\./);
    const conversation = page.locator("#conversation");
    await expect(conversation.textContent()).resolves.toContain("Recorded next to the rounding decision.");
    await expect(conversation.textContent()).resolves.not.toContain("the tax line stops adding up");
    await picker.selectOption({ label: (await picker.locator("option").nth(1).textContent()) ?? "" });
    await page.getByRole("button", { name: "Show branch" }).click();
    await page.waitForURL(/[?&]leaf=/);
    await expect(page.locator("select#branch-leaf option:checked").textContent()).resolves.toMatch(
      /^What if/,
    );
    await expect(page.locator("#conversation").textContent()).resolves.toContain(
      "the tax line stops adding up",
    );
    await expect(page.locator("#conversation").textContent()).resolves.not.toContain(
      "Recorded next to the rounding decision.",
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("opens a turn in full", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    const turn = page.locator('li[data-kind="user"]').first();
    await turn.getByRole("link", { name: "full entry" }).click();
    await page.waitForURL(/\/entries\//);
    await expect(page.getByTestId("entry-text").textContent()).resolves.toContain(
      "Our accountant says invoice INV-1042 comes out one cent low",
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("follows a compaction marker to its compaction view, and a verification marker to the same", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    await page.locator(`li.boundary#entry-${NATIVE} > a`).click();
    await page.waitForURL(`**/compactions/${NATIVE}`);
    await expect(page.getByTestId("verification-summary").textContent()).resolves.toContain(
      "0 preserved, 3 lost, 2 restored",
    );
    await page.goBack();
    const verified = page.locator('li[data-custom-type="keel.protect.verified"]', { hasText: "3 lost" });
    await expect(verified.textContent()).resolves.toContain("Compaction verified");
    await verified.getByRole("link", { name: `compaction ${NATIVE}` }).click();
    await page.waitForURL(`**/compactions/${NATIVE}`);
  });

  it("keeps the raw entries as a second tab", async () => {
    await page.goto(`${server.origin}/sessions/${SESSION}`);
    await page.locator('nav.tabs [data-tab="entries"]').click();
    await page.waitForURL(/view=entries/);
    expect(await page.locator("#timeline li").count()).toBeGreaterThan(40);
    expect(await page.locator("#conversation").count()).toBe(0);
  });

  it("reads at 390 px with no sideways scroll and nothing serious for axe, folds open", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.origin}/sessions/${SESSION}`);
      for (const summary of await page.locator("details > summary").all()) await summary.click();
      expect(await sideways()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, "conversation-390.png"), fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 60_000);
});
