// Writes the README's screenshots (docs/screenshots/*.png) from the demo, in the same headless Chromium the browser
// tests drive: the conversation view with an edit's diff open, the refused calls, the native compaction that lost
// and restored protected items, the dashboard, and a memory record; then the storage page over an output real pi
// spilled (the demo spills nothing). One viewport each (1280×900), not whole pages, to stay small.
// Run: `bun scripts/screenshots.ts` (the server renders JSX, which bun loads as it is).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { prepareDemo } from "../src/server/demo.ts";
import { startServer } from "../src/server/serve.ts";
import { launchBrowser } from "../test/support/browser.ts";
import { REPO_ROOT } from "../test/support/cli.ts";
import { NATIVE, SESSION } from "../test/support/demo-facts.ts";
import { spillInRealPi } from "../test/support/real-spill.ts";

const OUT = join(REPO_ROOT, "docs/screenshots");
mkdirSync(OUT, { recursive: true });
const demo = await prepareDemo();
const server = await startServer({ storeUrl: demo.storeUrl, agentDir: demo.agentDir, readOnly: true });
const browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(server.url);
  const shot = (name: string) => page.screenshot({ path: join(OUT, name) });

  await page.goto(`${server.origin}/sessions/${SESSION}`);
  const edit = page.locator("details.tool-call", { hasText: "src/invoice.js" }).filter({ hasText: "edit" });
  await edit.locator(":scope > summary").click();
  await page.locator('li[data-kind="user"]', { hasText: "Go ahead and fix it." }).scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const turn = Array.from(document.querySelectorAll('li[data-kind="user"]')).find((li) =>
      li.textContent?.includes("Go ahead and fix it."),
    );
    turn?.scrollIntoView({ block: "start" });
  });
  await shot("conversation.png");

  await page.goto(`${server.origin}/sessions/${SESSION}`);
  await page
    .locator(".refusal-marker")
    .first()
    .evaluate((el) => el.scrollIntoView({ block: "center" }));
  await shot("refusals.png");

  await page.goto(`${server.origin}/sessions/${SESSION}/compactions/${NATIVE}`);
  await shot("compaction.png");

  await page.goto(`${server.origin}/dashboard`);
  await shot("dashboard.png");

  await page.goto(`${server.origin}/`);
  await page.locator('a[href$="/memory"]').first().click();
  await page.locator("[data-record-id] a").first().click();
  await shot("memory-record.png");
} finally {
  await browser.close();
  await server.close();
  demo.remove();
}

const { project } = await spillInRealPi("screenshot-storage");
const spilled = await startServer({
  storeUrl: project.keelDb,
  agentDir: project.agentDir,
  extraSessionDirs: [project.sessionsDir],
});
const storageBrowser = await launchBrowser({ viewport: { width: 1280, height: 600 } });
try {
  const page = storageBrowser.context.pages()[0] ?? (await storageBrowser.context.newPage());
  await page.goto(spilled.url);
  await page.goto(`${spilled.origin}/storage`);
  await page.screenshot({ path: join(OUT, "storage.png") });
  process.stdout.write(`wrote ${OUT}\n`);
} finally {
  await storageBrowser.close();
  await spilled.close();
  project.cleanup();
}
