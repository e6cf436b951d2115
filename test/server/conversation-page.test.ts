// The session page's conversation view over HTTP, on a session file written here with hostile text: markup in
// turns and outputs arrives escaped, markdown gives code blocks and lists but no raw HTML, images or script
// links; a cut output links to the entry in full, which pages; the raw-entries tab still shows the timeline.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_CHARS } from "../../src/overview/conversation-view.ts";
import { ENTRY_PAGE_CHARS } from "../../src/overview/entry-view.ts";
import { createApp } from "../../src/server/app.ts";
import { sessionDirsFor } from "../../src/session/session-files.ts";
import type { Store } from "../../src/store/db.ts";
import { testStore } from "../support/temp.ts";

const PORT = 43231;
const TOKEN = "conversation-page-token-0123456789abcdefg";
const AUTH = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}` };
const ID = "0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001";
const HUGE = `${"line of output\n".repeat(8_000)}THE-END`;

let root: string;
let store: Store;
let app: ReturnType<typeof createApp>;

const at = (n: number) => new Date(1_800_000_000_000 + n * 1000).toISOString();
const message = (id: string, parentId: string | null, n: number, body: Record<string, unknown>) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: at(n), message: body });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-conversation-page-"));
  const agentDir = join(root, "agent");
  const folder = join(agentDir, "sessions", "--p--");
  mkdirSync(folder, { recursive: true });
  const lines = [
    JSON.stringify({ type: "session", version: 3, id: ID, timestamp: at(0), cwd: "/p" }),
    message("u1", null, 1, {
      role: "user",
      content:
        "Fix <script>alert('turn')</script> and see [this](javascript:alert(1)) ![x](http://example.com/x.png)",
    }),
    message("a1", "u1", 2, {
      role: "assistant",
      content: [
        { type: "text", text: "Plan:\n\n- read `a<b>.ts`\n- run the tests\n\n```sh\nnpm test\n```" },
        {
          type: "toolCall",
          id: "c1",
          name: "bash",
          arguments: { command: "cat <img src=x onerror=alert(2)>" },
        },
      ],
    }),
    message("r1", "a1", 3, {
      role: "toolResult",
      toolCallId: "c1",
      toolName: "bash",
      isError: true,
      content: [{ type: "text", text: `<b>bold?</b>\n${HUGE}` }],
    }),
    JSON.stringify({
      type: "custom_message",
      id: "k1",
      parentId: "r1",
      timestamp: at(4),
      customType: "keel.guard.brief",
      content: "keel brief <i>advisory</i>",
      display: false,
    }),
    // A second branch from the first turn: the user went back and asked something else.
    message("u2", "u1", 5, { role: "user", content: "ALT-BRANCH-QUESTION instead" }),
    message("a2", "u2", 6, { role: "assistant", content: [{ type: "text", text: "ALT-BRANCH-ANSWER" }] }),
    JSON.stringify({ type: "label", id: "l1", parentId: "k1", timestamp: at(7), targetId: "u1", label: "x" }),
  ];
  writeFileSync(join(folder, `${at(0).replace(/[:.]/g, "-")}_${ID}.jsonl`), `${lines.join("\n")}\n`);
  store = await testStore(root, "keel.db");
  app = createApp({ store, token: TOKEN, port: () => PORT, sessionDirs: sessionDirsFor(agentDir) });
});

afterAll(async () => {
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await app.request(path, { headers: AUTH });
  return { status: res.status, html: await res.text() };
};

describe("the conversation view", () => {
  it("is the session page's default and escapes every bit of markup from the file", async () => {
    const { status, html } = await get(`/sessions/${ID}`);
    expect(status).toBe(200);
    expect(html).toContain('id="conversation"');
    expect(html).not.toContain('id="timeline"');
    expect(html).toContain("Fix &lt;script&gt;alert('turn')&lt;/script&gt;");
    expect(html).not.toMatch(/<script>alert|<img|<b>bold|<i>advisory|href="javascript:/i);
    expect(html).toContain("<li>read <code>a&lt;b&gt;.ts</code></li>");
    expect(html).toContain('<pre><code class="language-sh">npm test');
  });

  it("folds the tool call to one line with its outcome, and bounds its output with a link to the whole", async () => {
    const { html } = await get(`/sessions/${ID}`);
    expect(html).toMatch(/<details class="tool-call" data-tool-call-id="c1" data-outcome="error"><summary>/);
    expect(html).toContain("cat &lt;img src=x onerror=alert(2)&gt;");
    expect(html).not.toContain("THE-END");
    expect(html).toContain(`Showing the first ${BODY_CHARS.toLocaleString("en-US")} of`);
    expect(html).toContain(`href="/sessions/${ID}/entries/r1"`);
    expect(html).toMatch(/<span class="tag">keel · guard<\/span> Brief injected/);
  });

  it("opens the cut entry in full, a page of characters at a time", async () => {
    const first = await get(`/sessions/${ID}/entries/r1`);
    expect(first.status).toBe(200);
    expect(first.html).not.toContain("THE-END");
    expect(first.html).toContain(`?from=${ENTRY_PAGE_CHARS}`);
    expect(first.html).toContain("&lt;b&gt;bold?&lt;/b&gt;");
    const last = await get(`/sessions/${ID}/entries/r1?from=${ENTRY_PAGE_CHARS * 2}`);
    expect(last.html).toContain("THE-END");
    expect((await get(`/sessions/${ID}/entries/nope`)).status).toBe(404);
  });

  it("offers the branches in a picker, shows the current leaf's by default and the picked one by query", async () => {
    const current = await get(`/sessions/${ID}`);
    expect(current.html).toMatch(/<select id="branch-leaf" name="leaf">/);
    expect(current.html).toMatch(/<option value="l1" selected="">current: /);
    expect(current.html).toContain('<option value="a2">ALT-BRANCH-QUESTION instead (a2)</option>');
    expect(current.html).not.toContain("ALT-BRANCH-ANSWER");
    const picked = await get(`/sessions/${ID}?leaf=a2`);
    expect(picked.status).toBe(200);
    expect(picked.html).toContain("ALT-BRANCH-ANSWER");
    expect(picked.html).not.toContain('data-tool-call-id="c1"');
    expect(picked.html).toMatch(/<option value="a2" selected="">/);
    expect(picked.html).toContain(`href="/sessions/${ID}?view=entries&amp;leaf=a2#timeline"`);
    const entries = await get(`/sessions/${ID}?view=entries&leaf=a2`);
    expect(entries.html).toMatch(/class="entry role-\w+ off-branch" id="entry-r1"/);
    expect(entries.html).toMatch(/class="entry role-\w+" id="entry-a2"/);
    expect(entries.html).toContain('<input type="hidden" name="leaf" value="a2"/>');
    const unknown = await get(`/sessions/${ID}?leaf=${encodeURIComponent("no<such>")}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("no entry with id");
  });

  it("keeps the raw-entries timeline as a second tab", async () => {
    const { html } = await get(`/sessions/${ID}?view=entries`);
    expect(html).toContain('id="timeline"');
    expect(html).not.toContain('id="conversation"');
    expect(html).toMatch(
      /<a class="tab" href="[^"]*\?view=entries#timeline" aria-current="page" data-tab="entries">/,
    );
  });
});
