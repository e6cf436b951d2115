// The UI's pages over the demo folder (two sessions real pi wrote, with their memory, journal and rule rows): session
// timeline, compaction views with their verification, memory search and record, guard; and the mutation
// guards: no token, wrong Host, cross-origin POST, missing or wrong CSRF token, no confirmation, read-only demo;
// the one Host/Origin policy shared with /mcp.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/core/clock.ts";
import { readMemory } from "../../src/memory/records.ts";
import { createApp } from "../../src/server/app.ts";
import { CSRF_FIELD, csrfTokenFor } from "../../src/server/csrf.ts";
import { type DemoFolder, prepareDemo } from "../../src/server/demo.ts";
import { sessionDirsFor } from "../../src/session/session-files.ts";
import type { Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { listProjects } from "../../src/store/projects.ts";
import { NATIVE, SESSION, VERBATIM } from "../support/demo-facts.ts";

const PORT = 43211;
const TOKEN = "ui-pages-token-0123456789abcdefghijklmnopq";
const HOST = `127.0.0.1:${PORT}`;
const AUTH = { host: HOST, authorization: `Bearer ${TOKEN}` };

let demo: DemoFolder;
let store: Store;
let projectId: string;
let app: ReturnType<typeof createApp>;
let readOnlyApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  demo = await prepareDemo();
  store = await openStore(demo.storeUrl);
  projectId = (await listProjects(store.db))[0]?.id ?? "";
  const base = { store, token: TOKEN, port: () => PORT, sessionDirs: sessionDirsFor(demo.agentDir) };
  app = createApp(base);
  readOnlyApp = createApp({ ...base, readOnly: true });
});

afterAll(async () => {
  await store?.close();
  demo?.remove();
});

const get = async (path: string, target = app) => {
  const res = await target.request(path, { headers: AUTH });
  return { status: res.status, html: await res.text() };
};

const post = (
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  target = app,
) =>
  target.request(path, {
    method: "POST",
    headers: { ...AUTH, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

async function memoryIds(): Promise<string[]> {
  const { html } = await get(`/projects/${projectId}/memory`);
  return [...html.matchAll(/data-record-id="([^"]+)"/g)].map((m) => m[1] as string);
}

describe("session pages over a session real pi wrote", () => {
  it("lists the session, with its timeline, compaction boundaries, protected items and verifications", async () => {
    expect((await get("/")).html).toContain(`href="/sessions/${SESSION}"`);
    const { status, html } = await get(`/sessions/${SESSION}`);
    expect(status).toBe(200);
    expect(html).toContain(`class="boundary" id="entry-${NATIVE}"`);
    expect(html).toContain(`class="boundary" id="entry-${VERBATIM}"`);
    expect(html).toContain('data-item-id="public-api"');
    expect(html).toContain("0 preserved, 3 lost, 2 restored");
    expect(html).toContain("3 preserved, 0 lost, 0 restored");
    expect(html).toContain(`data-live-url="/api/sessions/${SESSION}/version"`);
  });

  it("searches within the session", async () => {
    const all = (await get(`/sessions/${SESSION}`)).html.match(/data-entry-id=/g)?.length ?? 0;
    const found = (await get(`/sessions/${SESSION}?q=scripts%2Flint.js`)).html;
    const hits = found.match(/data-entry-id=/g)?.length ?? 0;
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(all);
    expect(found).toContain("scripts/lint.js");
  });

  it("shows what a native compaction lost and what keel restored", async () => {
    const { html } = await get(`/sessions/${SESSION}/compactions/${NATIVE}`);
    expect(html).toContain('class="tag strategy-native"');
    expect(html).toContain("0 preserved, 3 lost, 2 restored");
    expect(html).toMatch(/data-item-id="public-api" data-outcome="restored"/);
    expect(html).toMatch(/data-item-id="no-deps" data-outcome="lost"/);
    expect(html).toContain("pi&#39;s own summary");
    expect(html).toMatch(/data-testid="compacted"[\s\S]*data-entry-id=/);
  });

  it("shows a verbatim checkpoint with no model call and every item preserved", async () => {
    const { html } = await get(`/sessions/${SESSION}/compactions/${VERBATIM}`);
    expect(html).toContain("## Protected context");
    expect(html).toMatch(/data-testid="model-calls">0/);
    expect(html).toMatch(/data-item-id="public-api" data-outcome="preserved"/);
  });

  it("answers 404 for an unknown session or compaction, and the version endpoint with JSON", async () => {
    expect((await get("/sessions/nope")).status).toBe(404);
    expect((await get(`/sessions/${SESSION}/compactions/nope`)).status).toBe(404);
    const version = await app.request(`/api/sessions/${SESSION}/version`, { headers: AUTH });
    expect(await version.json()).toMatchObject({ version: expect.stringMatching(/^\d+-\d+$/) });
  });
});

describe("memory and guard pages", () => {
  it("searches memory with filters and shows a record", async () => {
    const found = (await get(`/projects/${projectId}/memory?q=half-to-even`)).html;
    expect(found).toContain("Invoice lines round half-to-even before summing");
    expect(found).toMatch(/data-testid="match-why">matched by words( and meaning)? \(/);
    const none = (await get(`/projects/${projectId}/memory?q=rounded&kind=runbook`)).html;
    expect(none).toContain('data-testid="memory-empty"');
    const [id] = await memoryIds();
    const record = (await get(`/projects/${projectId}/memory/${id}`)).html;
    expect(record).toContain('data-testid="record-status">active');
    expect(record).toContain(`name="${CSRF_FIELD}" value="${csrfTokenFor(TOKEN)}"`);
  });

  it("shows the contract by layer and the agent's journal apart from the owner's", async () => {
    const { html } = await get(`/projects/${projectId}/guard`);
    expect(html).toContain('data-rule-id="k01-restate-the-goal"');
    expect(html).toContain('data-rule-id="run-node-test-and-show-its-result-before"');
    expect(html).toMatch(/data-testid="journal-owner"[\s\S]*Tax stays on the invoice subtotal/);
    expect(html).toMatch(/data-testid="journal-agent"[\s\S]*Nothing yet/);
  });
});

describe("dashboard", () => {
  it("counts the compactions by strategy, the model calls verbatim avoided, and draws one bar pair each", async () => {
    const { status, html } = await get("/dashboard");
    expect(status).toBe(200);
    expect(html).toContain("1 native, 1 verbatim");
    expect(html).toMatch(/data-testid="calls-avoided">1 avoided/);
    const tokens = html.slice(html.indexOf('id="tokens-caption"')).split("</svg>")[0] ?? "";
    expect(tokens).toContain('data-bins="2"');
    // Two bins × before and after, plus the legend's two swatches.
    expect(tokens.match(/<rect /g)).toHaveLength(6);
  });
});

describe("mutations and their guards", () => {
  const csrf = csrfTokenFor(TOKEN);

  it("refuses a POST without the token, from a foreign Host, cross-origin, cross-site, or without CSRF", async () => {
    const [id] = await memoryIds();
    const path = `/projects/${projectId}/memory/${id}/retention`;
    const fields = { pinned: "true", confirm: "yes", [CSRF_FIELD]: csrf };
    const noToken = await app.request(path, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    expect(noToken.status).toBe(401);
    expect((await post(path, fields, { host: "evil.example" })).status).toBe(403);
    const crossOrigin = await post(path, fields, { origin: "http://evil.example" });
    expect(crossOrigin.status).toBe(403);
    expect(await crossOrigin.text()).toContain("cross-origin");
    expect((await post(path, fields, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(path, fields, { origin: "null" })).status).toBe(403);
    expect((await post(path, fields, { origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    const { [CSRF_FIELD]: _dropped, ...withoutCsrf } = fields;
    const missing = await post(path, withoutCsrf, { origin: `http://${HOST}` });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain("CSRF");
    expect((await post(path, { ...fields, [CSRF_FIELD]: "wrong" })).status).toBe(403);
    const unchanged = await readMemory(
      { db: store.db, read: store.read, clock: systemClock },
      projectId,
      id as string,
    );
    expect(unchanged.ok && unchanged.value.record.pinned).toBe(false);
  });

  it("holds one Host/Origin policy: a browser's own form post (Origin null, same-origin) passes, other origins never do", async () => {
    const [id] = await memoryIds();
    const path = `/projects/${projectId}/memory/${id}/retention`;
    const browserForm = await post(
      path,
      { pinned: "false", confirm: "yes", [CSRF_FIELD]: csrf },
      { origin: "null", "sec-fetch-site": "same-origin" },
    );
    expect(browserForm.status).toBe(303);
    const foreignGet = await app.request("/", { headers: { ...AUTH, origin: "http://evil.example" } });
    expect(foreignGet.status).toBe(403);
    expect(await foreignGet.text()).toContain("cross-origin");
    const ownGet = await app.request("/", { headers: { ...AUTH, origin: `http://${HOST}` } });
    expect(ownGet.status).toBe(200);
    // /mcp (404 here: this app serves no project) needs no CSRF token with the bearer header, but the cookie
    // alone does not do, and a cross-site mutation is refused before the token is looked at.
    const mcp = (headers: Record<string, string>) =>
      app.request("/mcp", { method: "POST", headers: { host: HOST, ...headers }, body: "{}" });
    expect((await mcp({ authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await mcp({ cookie: `keel_token_${PORT}=${TOKEN}` })).status).toBe(403);
    const crossSite = await mcp({ authorization: `Bearer ${TOKEN}`, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
  });

  it("needs the confirmation box, then pins, unpins and supersedes through the memory services", async () => {
    const [newer, older] = await memoryIds();
    const base = `/projects/${projectId}/memory`;
    const deps = { db: store.db, read: store.read, clock: systemClock };
    const unconfirmed = await post(`${base}/${older}/retention`, { pinned: "true", [CSRF_FIELD]: csrf });
    expect(unconfirmed.status).toBe(400);
    const pinned = await post(`${base}/${older}/retention`, {
      pinned: "true",
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(pinned.status).toBe(303);
    expect(pinned.headers.get("location")).toBe(`${base}/${older}?done=pinned`);
    let read = await readMemory(deps, projectId, older as string);
    expect(read.ok && read.value.record.pinned).toBe(true);
    const unpinned = await post(
      `${base}/${older}/retention`,
      { pinned: "false", confirm: "yes", [CSRF_FIELD]: csrf },
      { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" },
    );
    expect(unpinned.status).toBe(303);
    read = await readMemory(deps, projectId, older as string);
    expect(read.ok && read.value.record.pinned).toBe(false);
    const superseded = await post(`${base}/${older}/supersede`, {
      by: newer as string,
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(superseded.status).toBe(303);
    read = await readMemory(deps, projectId, older as string);
    expect(read.ok && read.value.record.status).toBe("superseded");
    expect((await get(`${base}/${older}`)).html).toMatch(
      new RegExp(`data-testid="superseded-by">[^]*${newer}`),
    );
    const again = await post(`${base}/${older}/supersede`, {
      by: newer as string,
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(again.status).toBe(400);
  });

  it("records a memory from the page form", async () => {
    const res = await post(`/projects/${projectId}/memory`, {
      title: "the cart uses integer cents",
      body: "All cart arithmetic is in integer cents.",
      kind: "fact",
      category: "structure",
      tags: "checkout, money",
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(res.status).toBe(303);
    const id = /memory\/([^?]+)\?done=recorded/.exec(res.headers.get("location") ?? "")?.[1];
    const read = await readMemory(
      { db: store.db, read: store.read, clock: systemClock },
      projectId,
      id ?? "",
    );
    expect(read.ok && read.value.record).toMatchObject({
      kind: "fact",
      origin: "owner",
      tags: ["checkout", "money"],
    });
  });

  it("checks a page form against keel_memory's schema: an unknown kind or a malformed id is refused", async () => {
    const res = await post(`/projects/${projectId}/memory`, {
      title: "a kind the tool does not know",
      body: "the form sent a kind outside the schema",
      kind: "gossip",
      category: "structure",
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/kind/);
    const [newer] = await memoryIds();
    const bad = await post(`/projects/${projectId}/memory/${newer}/supersede`, {
      by: "not an id",
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/newId/);
  });

  it("stores a memory recorded from the page through the redacting store write", async () => {
    const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    const res = await post(`/projects/${projectId}/memory`, {
      title: "the deploy token",
      body: `export GITHUB_TOKEN=${secret}`,
      kind: "fact",
      category: "structure",
      tags: "deploy",
      confirm: "yes",
      [CSRF_FIELD]: csrf,
    });
    expect(res.status).toBe(303);
    const id = /memory\/([^?]+)\?done=recorded/.exec(res.headers.get("location") ?? "")?.[1];
    const read = await readMemory(
      { db: store.db, read: store.read, clock: systemClock },
      projectId,
      id ?? "",
    );
    expect(read.ok).toBe(true);
    expect(JSON.stringify(read.ok && read.value.record)).not.toContain(secret);
  });

  it("keeps a long body whole and refuses a field over the service's limit by name, never cutting it", async () => {
    const fields = { kind: "fact", category: "structure", confirm: "yes", [CSRF_FIELD]: csrf };
    const long = `${"cents ".repeat(5_000)}end`;
    const kept = await post(`/projects/${projectId}/memory`, { ...fields, title: "a long note", body: long });
    expect(kept.status).toBe(303);
    const id = /memory\/([^?]+)\?done=recorded/.exec(kept.headers.get("location") ?? "")?.[1];
    const read = await readMemory(
      { db: store.db, read: store.read, clock: systemClock },
      projectId,
      id ?? "",
    );
    expect(read.ok && read.value.record.body).toBe(long);

    const before = await memoryIds();
    const huge = await post(`/projects/${projectId}/memory`, {
      ...fields,
      title: "too long a note",
      body: "x".repeat(70_000),
    });
    expect(huge.status).toBe(400);
    expect(await huge.text()).toBe(
      'keel: the field "body" has 70000 characters, over the limit of 65536; nothing was changed',
    );
    const wide = await post(`/projects/${projectId}/memory`, {
      ...fields,
      title: "wide letters",
      body: "é".repeat(40_000),
    });
    expect(wide.status).toBe(400);
    expect(await wide.text()).toMatch(/body is larger than 65536 UTF-8 bytes/);
    expect(await memoryIds()).toEqual(before);
    const form = (await get(`/projects/${projectId}/memory`)).html;
    expect(form).toContain('maxlength="65536"');
  });

  it("refuses every mutation in the read-only demo and shows no forms there", async () => {
    const [id] = await memoryIds();
    const res = await post(
      `/projects/${projectId}/memory/${id}/retention`,
      { pinned: "true", confirm: "yes", [CSRF_FIELD]: csrf },
      {},
      readOnlyApp,
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("read-only demo");
    const page = (await get(`/projects/${projectId}/memory/${id}`, readOnlyApp)).html;
    expect(page).not.toContain('method="post"');
  });

  it("sends a strict CSP that forbids framing and inline script", async () => {
    const res = await app.request("/", { headers: AUTH });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
