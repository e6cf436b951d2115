// The dashboard in real headless Chromium over stores with 1 and with 1,000 recorded compactions (and memory
// records over several weeks): every chart is an accessible SVG with its figures in a table, 1,000 points are
// grouped into a readable number of bars with time labels, and at 1280 and 390 px nothing scrolls sideways and
// axe finds nothing serious or critical.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordMemory } from "../../src/memory/records.ts";
import { type RunningServer, startServer } from "../../src/server/serve.ts";
import { recordCompaction } from "../../src/store/compactions.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { seriousViolations } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";

const DAY = 86_400_000;
const START = Date.parse("2026-10-01T09:00:00Z");
const root = mkdtempSync(join(tmpdir(), "keel-dashboard-browser-"));
const servers: RunningServer[] = [];

async function seeded(name: string, compactions: number, memories: number): Promise<RunningServer> {
  const storeUrl = join(root, `${name}.db`);
  const store = await openStore(storeUrl);
  try {
    const project = {
      id: "d".repeat(64),
      root: "/home/dev/shop",
      identitySource: "git" as const,
      name: "shop",
    };
    await upsertProject(store.db, project, START);
    for (let i = 0; i < compactions; i++) {
      const strategy = ["verbatim", "native", "verified"][i % 3] as string;
      await recordCompaction(store.db, {
        projectId: project.id,
        sessionId: `s-${i % 40}`,
        entryId: `e${i}`,
        strategy,
        reason: "threshold",
        fromExtension: strategy !== "native",
        tokensBefore: 80_000 + (i % 17) * 1_000,
        firstKeptEntryId: null,
        summaryChars: 4_000,
        tokensAfter: 900 + (i % 11) * 100,
        tokensAfterBasis: "estimated",
        coverage: strategy === "verified" ? 0.6 + (i % 5) * 0.08 : null,
        modelCalls: strategy === "verified" ? 2 : strategy === "verbatim" ? 0 : null,
        createdAt: START + Math.floor((i * 60 * DAY) / Math.max(1, compactions)),
      });
    }
    for (let i = 0; i < memories; i++) {
      const made = await recordMemory(
        { db: store.db, read: store.read, clock: { now: () => START + i * 2 * DAY } },
        {
          projectId: project.id,
          origin: "owner",
          provenance: { sessionId: null, head: null, worktree: null },
        },
        {
          title: `Fact number ${i}`,
          body: `The build uses step ${i}.`,
          kind: "fact",
          category: "other",
          tags: [],
        },
      );
      if (!made.ok) throw new Error(JSON.stringify(made.reason));
    }
  } finally {
    await store.close();
  }
  const server = await startServer({ storeUrl, agentDir: join(root, `${name}-agent`) });
  servers.push(server);
  return server;
}

let one: RunningServer;
let many: RunningServer;

beforeAll(async () => {
  one = await seeded("one", 1, 0);
  many = await seeded("many", 1_000, 25);
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** Each chart: its accessible name, how many bins it draws, its axis labels and its table's row count. */
async function charts(page: Page) {
  return page.$$eval("figure.chart-figure", (figures) =>
    figures.map((figure) => {
      const svg = figure.querySelector("svg");
      const named = (svg?.getAttribute("aria-labelledby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" | ");
      return {
        name: named,
        bins: Number(svg?.getAttribute("data-bins")),
        ticks: Array.from(svg?.querySelectorAll("text.tick") ?? []).map((t) => t.textContent ?? ""),
        rows: figure.querySelectorAll("tbody tr").length,
      };
    }),
  );
}

async function sideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

describe("the dashboard", () => {
  for (const width of [1280, 390]) {
    it(`reads with 1 and with 1,000 compactions at ${width} px`, async () => {
      const browser = await launchBrowser({ viewport: { width, height: 900 } });
      try {
        const page = browser.context.pages()[0] ?? (await browser.context.newPage());
        expect((await page.goto(`${one.url.replace("/?", "/dashboard?")}`))?.status()).toBe(200);
        const single = await charts(page);
        // Tokens, saving ratio and calls avoided (a checkpoint has no coverage); no memory yet.
        expect(single.map((c) => c.bins)).toEqual([1, 1, 1]);
        expect(single[0]?.name).toContain("Tokens before and after");
        expect(single[0]?.rows).toBe(1);
        expect(await sideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);

        expect((await page.goto(`${many.url.replace("/?", "/dashboard?")}`))?.status()).toBe(200);
        const grouped = await charts(page);
        expect(grouped.map((c) => c.name.split(" | ")[0])).toEqual([
          "Tokens before and after compaction (each bar: the mean of consecutive compactions)",
          "Saving ratio over time",
          "Verification coverage over time",
          "Model calls avoided (running total)",
          "Memory records over time",
        ]);
        for (const chart of grouped) {
          expect(chart.bins).toBeGreaterThan(1);
          expect(chart.bins).toBeLessThanOrEqual(40);
          expect(chart.rows).toBe(chart.bins);
          // Month-day labels for two months of data, not raw timestamps.
          expect(chart.ticks.some((t) => /^(Oct|Nov) \d{1,2}$/.test(t))).toBe(true);
        }
        await expect(page.getByTestId("calls-avoided").textContent()).resolves.toMatch(/^334 avoided/);
        await page.getByText("Saving ratio over time: the figures").click();
        await expect(page.locator("#saving-caption + svg + details table").isVisible()).resolves.toBe(true);
        expect(await sideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 120_000);
  }
});
