// Real headless Chromium for UI tests: playwright-core driving Debian's /usr/bin/chromium with a fresh
// profile per launch. `withBrowserPage` is the everyday entry; `launchBrowser` gives the context itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page, type Response } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** The temp profile folder (removed by close). */
  userDataDir: string;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** Viewport size (default 1280×900). */
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
}

/** Starts Chromium with a throw-away profile; always `close()` it. */
export async function launchBrowser(options: BrowserOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), "keel-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      colorScheme: options.colorScheme ?? "light",
    });
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    userDataDir,
    async close() {
      try {
        await context.close();
      } finally {
        rmSync(userDataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Opens `url` in a fresh browser, runs `work` on the page (with the navigation's response), then closes all. */
export async function withBrowserPage<T>(
  url: string,
  work: (page: Page, response: Response | null) => Promise<T>,
  options: BrowserOptions = {},
): Promise<T> {
  const browser = await launchBrowser(options);
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const response = await page.goto(url);
    return await work(page, response);
  } finally {
    await browser.close();
  }
}
