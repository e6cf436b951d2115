// The demo served to real headless Chromium, for the UI's browser tests: a fresh demo folder (which a test may
// change before the server starts), a `keel ui` server over it, a browser with the page already signed in through
// the token link. `close()` undoes all three.
import type { Page } from "playwright-core";
import { type DemoFolder, prepareDemo } from "../../src/server/demo.ts";
import { type RunningServer, startServer } from "../../src/server/serve.ts";
import { type LaunchedBrowser, launchBrowser } from "./browser.ts";

export interface DemoInBrowser {
  demo: DemoFolder;
  server: RunningServer;
  browser: LaunchedBrowser;
  page: Page;
  close(): Promise<void>;
}

export async function openDemoInBrowser(
  options: { readOnly?: boolean; prepare?: (demo: DemoFolder) => void | Promise<void> } = {},
): Promise<DemoInBrowser> {
  const demo = await prepareDemo();
  let server: RunningServer | undefined;
  let browser: LaunchedBrowser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    demo.remove();
  };
  try {
    await options.prepare?.(demo);
    server = await startServer({
      storeUrl: demo.storeUrl,
      agentDir: demo.agentDir,
      readOnly: options.readOnly,
    });
    browser = await launchBrowser();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const signedIn = await page.goto(server.url);
    if (signedIn?.status() !== 200) throw new Error(`the token link answered ${signedIn?.status()}`);
    return { demo, server, browser, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether the page scrolls sideways (wider than the viewport by more than a pixel). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
