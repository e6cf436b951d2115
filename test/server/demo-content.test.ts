// The demo reads like an agent's session, not a test model's: every page the demo serves (overview, lists,
// dashboard, both sessions in both tabs, every compaction, every entry in full, memory, guard) carries the demo
// banner and none of the faux provider's default replies ("echo: …", "FAUX-SUMMARY", "Tool … said: …").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { type DemoFolder, prepareDemo } from "../../src/server/demo.ts";
import { sessionDirsFor } from "../../src/session/session-files.ts";
import type { Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { listProjects } from "../../src/store/projects.ts";
import { DEMO_SESSIONS } from "../support/demo-facts.ts";

const PORT = 43239;
const TOKEN = "demo-content-token-0123456789abcdefghijk";
const AUTH = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}` };
/** What the faux provider answers when no scripted rule matched. */
const FAUX_MARKERS = /echo: |FAUX-SUMMARY|Tool \w+ said: |conversation chars: \d/;

let demo: DemoFolder;
let store: Store;
let app: ReturnType<typeof createApp>;
let projectId: string;

beforeAll(async () => {
  demo = await prepareDemo();
  store = await openStore(demo.storeUrl);
  projectId = (await listProjects(store.db))[0]?.id ?? "";
  app = createApp({
    store,
    token: TOKEN,
    port: () => PORT,
    sessionDirs: sessionDirsFor(demo.agentDir),
    readOnly: true,
  });
});

afterAll(async () => {
  await store?.close();
  demo?.remove();
});

function demoPages(): string[] {
  const pages = [
    "/",
    "/sessions",
    "/dashboard",
    `/projects/${projectId}/memory`,
    `/projects/${projectId}/guard`,
  ];
  for (const session of DEMO_SESSIONS) {
    const base = `/sessions/${session.header?.id}`;
    pages.push(base, `${base}?view=entries`);
    for (const entry of session.entries) {
      pages.push(`${base}/entries/${entry.id}`);
      if (entry.type === "compaction") pages.push(`${base}/compactions/${entry.id}`);
    }
  }
  return pages;
}

describe("the demo's pages", () => {
  it("come from two sessions of real pi with a memory found again in the second", () => {
    expect(DEMO_SESSIONS.length).toBe(2);
    const second = JSON.stringify(DEMO_SESSIONS[1]?.entries);
    expect(second).toContain('\\"action\\":\\"search\\"');
    expect(second).toContain("Invoice lines round half-to-even before summing");
  });

  it("carry the banner and no faux-model default reply", async () => {
    const pages = demoPages();
    expect(pages.length).toBeGreaterThan(80);
    for (const path of pages) {
      const res = await app.request(path, { headers: AUTH });
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).toContain('data-testid="demo-banner"');
      expect(html.match(FAUX_MARKERS)?.[0], path).toBeUndefined();
    }
  }, 120_000);
});
