// The UI server's app over a real store file and real session files: token gate, cookie, Host check,
// security headers, static files and the overview JSON; plus one real listening server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OverviewData } from "../../src/overview/overview-data.ts";
import { createApp } from "../../src/server/app.ts";
import { tokenCookieName } from "../../src/server/auth.ts";
import { startServer } from "../../src/server/serve.ts";
import { recordCompaction } from "../../src/store/compactions.ts";
import type { Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";

const PORT = 43117;
const TOKEN = "test-token-0123456789abcdefghijklmnopqrstuv";
const SESSION_ID = "7f0c2d4e-5a6b-4c8d-9e0f-112233445566";
const HOST = { host: `127.0.0.1:${PORT}` };

const root = mkdtempSync(join(tmpdir(), "keel-ui-app-"));
const agentDir = join(root, "agent");
const storePath = join(root, "keel.db");
let store: Store;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const dir = join(agentDir, "sessions", "--work-demo--");
  mkdirSync(dir, { recursive: true });
  const lines = [
    { type: "session", version: 3, id: SESSION_ID, timestamp: "2026-11-29T11:08:50.663Z", cwd: "/work/demo" },
    {
      type: "message",
      id: "m1",
      parentId: null,
      timestamp: "2026-11-29T11:08:51.000Z",
      message: { role: "user" },
    },
    {
      type: "compaction",
      id: "3c5f89ab",
      parentId: "m1",
      timestamp: "2026-11-29T11:09:00.000Z",
      summary: "s",
    },
  ];
  writeFileSync(
    join(dir, `2026-11-29T11-08-50-663Z_${SESSION_ID}.jsonl`),
    lines.map((l) => JSON.stringify(l)).join("\n"),
  );
  store = await openStore(storePath);
  const project = { id: "p".repeat(64), root: "/work/demo", identitySource: "git" as const, name: "demo" };
  await upsertProject(store.db, project, Date.parse("2026-11-29T11:00:00Z"));
  await recordCompaction(store.db, {
    projectId: project.id,
    sessionId: SESSION_ID,
    sessionFile: null,
    entryId: "3c5f89ab",
    strategy: "verbatim",
    reason: "threshold",
    fromExtension: true,
    tokensBefore: 1496,
    firstKeptEntryId: "m1",
    summaryChars: 2048,
    createdAt: Date.parse("2026-11-29T11:09:00Z"),
  });
  app = createApp({ store, token: TOKEN, port: () => PORT, sessionDirs: [join(agentDir, "sessions")] });
});

afterAll(async () => {
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("auth", () => {
  it("answers 401 without a token, with a short page and security headers", async () => {
    const res = await app.request("/", { headers: HOST });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("needs its access token");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 401 for a wrong token in the query, header or cookie", async () => {
    expect((await app.request("/?token=nope", { headers: HOST })).status).toBe(401);
    expect((await app.request("/?token=", { headers: HOST })).status).toBe(401);
    const bearer = { ...HOST, authorization: "Bearer nope" };
    expect((await app.request("/api/overview", { headers: bearer })).status).toBe(401);
    const cookie = { ...HOST, cookie: `${tokenCookieName(PORT)}=nope` };
    expect((await app.request("/api/overview", { headers: cookie })).status).toBe(401);
    const otherPort = { ...HOST, cookie: `${tokenCookieName(PORT + 1)}=${TOKEN}` };
    expect((await app.request("/api/overview", { headers: otherPort })).status).toBe(401);
  });

  it("serves the page for the query token and sets an HttpOnly, SameSite=Strict cookie", async () => {
    const res = await app.request(`/?token=${TOKEN}`, { headers: HOST });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${tokenCookieName(PORT)}=${TOKEN}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const pair = cookie.split(";")[0] ?? "";
    const next = await app.request("/static/styles.css", { headers: { ...HOST, cookie: pair } });
    expect(next.status).toBe(200);
    expect(next.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("accepts a bearer header without setting a cookie", async () => {
    const res = await app.request("/api/overview", {
      headers: { ...HOST, authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("answers 403 to a foreign Host header even with the right token", async () => {
    for (const host of ["evil.example", `evil.example:${PORT}`, "127.0.0.1", `127.0.0.1:${PORT + 1}`]) {
      const res = await app.request(`/?token=${TOKEN}`, { headers: { host } });
      expect(res.status, host).toBe(403);
    }
    for (const host of [`localhost:${PORT}`, `[::1]:${PORT}`]) {
      expect((await app.request(`/?token=${TOKEN}`, { headers: { host } })).status, host).toBe(200);
    }
  });
});

describe("routes", () => {
  const authed = { headers: { ...HOST, authorization: `Bearer ${TOKEN}` } };

  it("returns projects, sessions and compactions linked by session id", async () => {
    const data = (await (await app.request("/api/overview", authed)).json()) as OverviewData;
    expect(data.store).toEqual({ location: storePath, driver: "node-sqlite" });
    expect(data.projects).toMatchObject([{ name: "demo", root: "/work/demo", compactions: 1 }]);
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({
      sessionId: SESSION_ID,
      cwd: "/work/demo",
      entries: 2,
      compactionEntryIds: ["3c5f89ab"],
      recordedCompactions: 1,
    });
    expect(data.compactions).toMatchObject([
      {
        sessionId: SESSION_ID,
        entryId: "3c5f89ab",
        projectName: "demo",
        strategy: "verbatim",
        entryInFile: true,
      },
    ]);
    expect(data.compactions[0]?.sessionPath).toBe(data.sessions[0]?.path);
    expect(data.compactionTotal).toBe(1);
  });

  it("renders the rows a user looks for", async () => {
    const html = await (await app.request("/", authed)).text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain(`data-session-id="${SESSION_ID}"`);
    expect(html).toContain('data-entry-id="3c5f89ab"');
    expect(html).toContain('id="compactions"');
    expect(html).toContain("/work/demo");
  });

  it("serves only known static files", async () => {
    expect((await app.request("/static/favicon.svg", authed)).headers.get("content-type")).toBe(
      "image/svg+xml",
    );
    expect((await app.request("/static/missing.css", authed)).status).toBe(404);
    expect((await app.request("/static/..%2Fpackage.json", authed)).status).toBe(404);
    expect((await app.request("/static/../../package.json", authed)).status).toBe(404);
    expect((await app.request("/nowhere", authed)).status).toBe(404);
  });
});

describe("startServer", () => {
  it("listens on 127.0.0.1 with a random token and shows empty states on an empty store", async () => {
    const server = await startServer({
      storeUrl: join(root, "empty.db"),
      agentDir: join(root, "no-agent"),
      offerDemo: true,
    });
    let demoUrl = "";
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
      expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await fetch(server.origin)).status).toBe(401);
      const page = await fetch(server.url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("No compactions yet");
      expect(html).toContain("No pi session files found");
      expect(html).toContain("No projects yet");
      expect(html).toContain('<a href="/demo">Open the read-only demo</a>');
      const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const jump = await fetch(`${server.origin}/demo`, { headers: { cookie }, redirect: "manual" });
      expect(jump.status).toBe(302);
      demoUrl = jump.headers.get("location") ?? "";
      expect(demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(new URL(demoUrl).port).not.toBe(String(server.port));
      const demoPage = await (await fetch(demoUrl)).text();
      expect(demoPage).toContain("invoice-kit");
      expect(demoPage).not.toContain("Open the read-only demo");
    } finally {
      await server.close();
    }
    await expect(fetch(server.origin)).rejects.toThrow();
    await expect(fetch(demoUrl)).rejects.toThrow();
  });
});
