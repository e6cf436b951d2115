// Two session files with one session id (a copied or restored file) get two different pages: the list links each
// to its own route key, and each route shows its own file.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findByRouteKey, sessionRouteKeys } from "../../src/overview/session-route.ts";
import { createApp } from "../../src/server/app.ts";
import { type DemoFolder, prepareDemo } from "../../src/server/demo.ts";
import { sessionDirsFor } from "../../src/session/session-files.ts";
import type { Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { SESSION } from "../support/demo-facts.ts";

const PORT = 43217;
const TOKEN = "session-routes-token-0123456789abcdefghij";
const AUTH = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}` };

let demo: DemoFolder;
let store: Store;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  demo = await prepareDemo();
  const folder = join(demo.agentDir, "sessions", "--demo--");
  const original = readdirSync(folder).find((name) => name.includes(SESSION));
  // The copy lives in another project's folder, with one more user line so the two pages differ.
  const other = join(demo.agentDir, "sessions", "--copy--");
  mkdirSync(other, { recursive: true });
  const copy = join(other, `copy_${original}`);
  copyFileSync(join(folder, String(original)), copy);
  const lines = readFileSync(copy, "utf8").trimEnd().split("\n");
  const last = JSON.parse(String(lines.at(-1))) as { id: string };
  const extra = {
    type: "message",
    id: "c0ffee01",
    parentId: last.id,
    timestamp: "2026-12-01T10:00:00.000Z",
    message: { role: "user", content: "ONLY-IN-THE-COPY", timestamp: 1796119200000 },
  };
  writeFileSync(copy, `${lines.join("\n")}\n${JSON.stringify(extra)}\n`);
  store = await openStore(demo.storeUrl);
  app = createApp({ store, token: TOKEN, port: () => PORT, sessionDirs: sessionDirsFor(demo.agentDir) });
});

afterAll(async () => {
  await store?.close();
  demo?.remove();
});

const get = async (path: string) => {
  const res = await app.request(path, { headers: AUTH });
  return { status: res.status, html: await res.text() };
};

describe("route keys", () => {
  it("keep a unique session id as it is and tell apart two files that share one", () => {
    const files = [
      { sessionId: "a", path: "/x/a.jsonl" },
      { sessionId: "b", path: "/x/b1.jsonl" },
      { sessionId: "b", path: "/y/b2.jsonl" },
      { sessionId: null, path: "/x/broken.jsonl" },
    ];
    const keys = sessionRouteKeys(files);
    expect(keys.get("/x/a.jsonl")).toBe("a");
    expect(keys.get("/x/b1.jsonl")).toMatch(/^b~[0-9a-f]{8}$/);
    expect(keys.get("/y/b2.jsonl")).not.toBe(keys.get("/x/b1.jsonl"));
    expect(keys.has("/x/broken.jsonl")).toBe(false);
    expect(findByRouteKey(files, String(keys.get("/y/b2.jsonl")))?.path).toBe("/y/b2.jsonl");
    expect(findByRouteKey(files, "b")?.path).toBe("/x/b1.jsonl");
    expect(findByRouteKey(files, "b~00000000")?.path).toBe("/x/b1.jsonl");
  });
});

describe("two files with one session id", () => {
  it("are listed with two links that open two different pages", async () => {
    const list = await get("/sessions");
    expect(list.status).toBe(200);
    const hrefs = [...list.html.matchAll(/href="(\/sessions\/[^"?#]+)"/g)].map((m) => m[1]);
    const mine = hrefs.filter((h) => h?.startsWith(`/sessions/${SESSION}`));
    expect(mine).toHaveLength(2);
    expect(new Set(mine).size).toBe(2);
    const pages = await Promise.all(mine.map((href) => get(String(href))));
    expect(pages.map((p) => p.status)).toEqual([200, 200]);
    expect(pages.filter((p) => p.html.includes("ONLY-IN-THE-COPY"))).toHaveLength(1);
  });
});
