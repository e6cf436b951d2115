// Real headless Chromium for UI tests: playwright-core driving the one browser `resolveChromium` picks, with a
// fresh profile per launch. `withBrowserPage` is the everyday entry; `launchBrowser` gives the context itself.
// The choice: `KEEL_CHROMIUM=<path>` or `=npm` when set, else the system's /usr/bin/chromium when present, else
// the Chromium shipped inside the pinned `@sparticuz/chromium` devDependency (no system package, no download).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page, type Response } from "playwright-core";
import { unpackNpmChromium } from "./npm-chromium.ts";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

const COMMON_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface ChromiumChoice {
  source: "env" | "system" | "npm";
  executablePath: string;
  args: string[];
}

let chosen: Promise<ChromiumChoice> | undefined;

/** Decides once per process which Chromium the browser tests drive, and says so on stderr. */
export function resolveChromium(): Promise<ChromiumChoice> {
  chosen ??= pickChromium(process.env.KEEL_CHROMIUM, SYSTEM_CHROMIUM).then((choice) => {
    process.stderr.write(`browser tests: ${choice.source} Chromium at ${choice.executablePath}\n`);
    return choice;
  });
  return chosen;
}

/** `wanted` is KEEL_CHROMIUM: a path, `npm`, or unset (system browser when present, else npm). */
export async function pickChromium(wanted: string | undefined, systemPath: string): Promise<ChromiumChoice> {
  const choice = wanted?.trim();
  if (choice && choice !== "npm") {
    if (!existsSync(choice)) throw new Error(`KEEL_CHROMIUM names ${choice}, which does not exist`);
    return { source: "env", executablePath: choice, args: COMMON_ARGS };
  }
  if (!choice && existsSync(systemPath)) {
    return { source: "system", executablePath: systemPath, args: COMMON_ARGS };
  }
  const npm = await unpackNpmChromium();
  return {
    source: "npm",
    executablePath: npm.executablePath,
    args: [...new Set([...npm.args, ...COMMON_ARGS])],
  };
}

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
  const browser = await resolveChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), "keel-chromium-profile-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: browser.executablePath,
      headless: true,
      args: browser.args,
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
