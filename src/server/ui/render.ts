// Turns a page's JSX element into the HTML document a route sends.
import type { JSX } from "hono/jsx/jsx-runtime";

export async function renderDocument(page: JSX.Element): Promise<string> {
  const node = await page;
  return `<!doctype html>${await node.toString()}`;
}
