// Two session files with one session id (a copied file), in real headless Chromium: the session list links each to
// its own page and the two pages differ; the copy, which branches from the first turn, offers a branch picker that
// shows pi's current leaf by default and the other branch when picked (`?leaf=`), with nothing serious for axe at
// 1280 or 390 px and no sideways scroll at 390.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoFolder } from "../../src/server/demo.ts";
import { seriousViolations } from "../support/axe.ts";
import { type DemoInBrowser, openDemoInBrowser, scrollsSideways } from "../support/demo-browser.ts";
import { DEMO_SESSIONS, SESSION } from "../support/demo-facts.ts";

let opened: DemoInBrowser;
let server: DemoInBrowser["server"];
let page: Page;

/** A copy of the first session in another folder, branching from its first turn. */
function addBranchingCopy(demo: DemoFolder): void {
  const folder = join(demo.agentDir, "sessions", "--demo--");
  const original = readdirSync(folder).find((name) => name.includes(SESSION)) ?? "";
  const other = join(demo.agentDir, "sessions", "--copy--");
  mkdirSync(other, { recursive: true });
  const copy = join(other, `copy_${original}`);
  copyFileSync(join(folder, original), copy);
  const firstTurn = DEMO_SESSIONS[0]?.entries.find(
    (e) => e.type === "message" && (e as { message: { role: string } }).message.role === "user",
  );
  const branch = {
    type: "message",
    id: "c0ffee01",
    parentId: firstTurn?.id ?? null,
    timestamp: "2026-12-02T09:00:00.000Z",
    message: {
      role: "user",
      content: "ONLY-IN-THE-COPY: start over from the first question",
      timestamp: 1796202000000,
    },
  };
  writeFileSync(copy, `${readFileSync(copy, "utf8").trimEnd()}\n${JSON.stringify(branch)}\n`);
}

beforeAll(async () => {
  opened = await openDemoInBrowser({ readOnly: true, prepare: addBranchingCopy });
  ({ server, page } = opened);
}, 120_000);

afterAll(async () => {
  await opened?.close();
});

const sideways = () => scrollsSideways(page);

describe("two files with one session id", () => {
  it("are two links in the list that open two different pages", async () => {
    await page.goto(`${server.origin}/sessions`);
    const hrefs = await page
      .locator(`a[href^="/sessions/${SESSION}"]`)
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href") ?? ""))]);
    expect(hrefs).toHaveLength(2);
    const texts: string[] = [];
    for (const href of hrefs) {
      await page.goto(`${server.origin}/sessions`);
      await page.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL(`**${href}`);
      texts.push((await page.locator("#conversation").textContent()) ?? "");
    }
    expect(texts.filter((t) => t.includes("ONLY-IN-THE-COPY"))).toHaveLength(1);
    expect(texts.filter((t) => t.includes("Write the pull request description."))).toHaveLength(1);
  });

  it("offers the copy's branches: the current leaf by default, the other one when picked", async () => {
    await page.goto(`${server.origin}/sessions`);
    const hrefs = await page
      .locator(`a[href^="/sessions/${SESSION}~"]`)
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    let copyHref = "";
    for (const href of new Set(hrefs)) {
      await page.goto(`${server.origin}${href}`);
      if ((await page.locator("#branch-leaf").count()) > 0) copyHref = href;
    }
    expect(copyHref).not.toBe("");
    await page.goto(`${server.origin}${copyHref}`);
    const picker = page.getByLabel("Branch");
    await expect(picker.locator("option").count()).resolves.toBe(2);
    await expect(picker.inputValue()).resolves.toBe("c0ffee01");
    await expect(page.locator("#conversation").textContent()).resolves.toContain("ONLY-IN-THE-COPY");
    expect(await seriousViolations(page)).toEqual([]);
    const other = await picker.locator("option:not([selected])").getAttribute("value");
    await picker.selectOption(other ?? "");
    await page.getByRole("button", { name: "Show branch" }).click();
    await page.waitForURL(/leaf=/);
    const shown = (await page.locator("#conversation").textContent()) ?? "";
    expect(shown).toContain("Write the pull request description.");
    expect(shown).not.toContain("ONLY-IN-THE-COPY");
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      expect(await sideways()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 60_000);
});
