// The storage routes over a real artifact folder written by keel's own spill path (writeArtifact, spilledResult)
// and a session file that records the spill: the list names the session, size and the call that spilled each
// file, newest first; an artifact opens a bounded page at a time; bad names, strays, missing and changed files
// are refused with a sentence; a server without an artifact folder says so; and nothing is ever deleted.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { ARTIFACT_PAGE_CHARS } from "../../src/recall/artifacts/browse.ts";
import { spillCandidate, spilledResult } from "../../src/recall/artifacts/spill.ts";
import { writeArtifact } from "../../src/recall/artifacts/store.ts";
import { createApp } from "../../src/server/app.ts";
import { sessionDirsFor } from "../../src/session/session-files.ts";
import type { Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";

const PORT = 43219;
const TOKEN = "storage-routes-token-0123456789abcdefghij";
const AUTH = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}` };
const SESSION = "0195f0e2-5a11-7c3e-9d40-5703a9e1c0de";

let root: string;
let artifacts: string;
let store: Store;
let app: ReturnType<typeof createApp>;
const sha: { big: string; small: string } = { big: "", small: "" };

/** Spills `text` as keel does for a `grep` on `pattern` and returns the tool-result details pi would record. */
async function spill(pattern: string, text: string): Promise<{ sha256: string; details: unknown }> {
  const candidate = spillCandidate({
    toolName: "grep",
    input: { pattern },
    content: [{ type: "text", text }],
    isError: false,
  });
  if (!candidate) throw new Error("not a spill candidate");
  const stored = await writeArtifact(artifacts, SESSION, candidate.text);
  if (!stored.ok) throw new Error(stored.reason);
  return { sha256: stored.value.sha256, details: spilledResult(candidate, stored.value, {}).details };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-storage-routes-"));
  const agentDir = join(root, "agent");
  artifacts = join(agentDir, "keel", "artifacts");
  mkdirSync(join(agentDir, "keel"), { recursive: true });
  const lines = Array.from({ length: 3000 }, (_, i) => `src/file-${i}.ts:${i}: const value${i} = ${i};`);
  const big = await spill("const value", lines.join("\n"));
  const small = await spill("TODO", "x".repeat(20_000));
  sha.big = big.sha256;
  sha.small = small.sha256;
  // The small one is older on disk, so the list shows the big one first.
  utimesSync(join(artifacts, SESSION, `${sha.small}.txt`), new Date(2026, 0, 1), new Date(2026, 0, 1));
  const b = createSessionBuilder({ sessionId: SESSION });
  b.user("find the values");
  const first = b.assistant({ calls: [{ name: "grep", args: { pattern: "const value" } }] });
  b.toolResult(first.callIds[0]!, "grep", "(spilled)", { details: big.details });
  const second = b.assistant({ calls: [{ name: "grep", args: { pattern: "TODO" } }] });
  b.toolResult(second.callIds[0]!, "grep", "(spilled)", { details: small.details });
  const sessions = join(agentDir, "sessions", "--proj--");
  mkdirSync(sessions, { recursive: true });
  writeFileSync(join(sessions, `s_${SESSION}.jsonl`), b.toJsonl());
  // A stray in the folder of a session no listed file wrote.
  mkdirSync(join(artifacts, "gone-session"));
  writeFileSync(join(artifacts, "gone-session", "notes.txt"), "not an artifact");
  store = await openStore(join(root, "keel.db"));
  app = createApp({
    store,
    token: TOKEN,
    port: () => PORT,
    sessionDirs: sessionDirsFor(agentDir),
    artifactsDir: artifacts,
  });
});

afterAll(async () => {
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = async (path: string, target = app) => {
  const res = await target.request(path, { headers: AUTH });
  return { status: res.status, html: await res.text() };
};

describe("the storage list", () => {
  it("lists each file with its session, size and what spilled it, newest first", async () => {
    const { status, html } = await get("/storage");
    expect(status).toBe(200);
    const rows = [...html.matchAll(/<tr data-artifact="([^"]+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(["notes.txt", `${sha.big}.txt`, `${sha.small}.txt`]);
    expect(html).toContain(`href="/storage/${SESSION}/${sha.big}"`);
    expect(html).toContain(`href="/sessions/${SESSION}"`);
    expect(html).toContain("const value");
    expect(html).toContain("unexpected name");
    expect(html).toContain("session file not found");
    expect(html).toContain('href="/storage"');
  });
});

describe("one artifact", () => {
  it("opens a bounded page at a time, with the call that spilled it", async () => {
    const first = await get(`/storage/${SESSION}/${sha.big}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain("src/file-0.ts:0: const value0 = 0;");
    expect(first.html).not.toContain("src/file-2999.ts");
    expect(first.html).toContain(`?from=${ARTIFACT_PAGE_CHARS}`);
    const last = await get(`/storage/${SESSION}/${sha.big}?from=${ARTIFACT_PAGE_CHARS * 2}`);
    expect(last.html).toContain("src/file-2999.ts:2999: const value2999 = 2999;");
    expect(last.html).toContain(`?from=${ARTIFACT_PAGE_CHARS}`);
    expect(last.html).toContain("grep");
  });

  it("refuses names that are not an artifact's, and strays", async () => {
    for (const path of [
      `/storage/..%2F..%2Fetc/${sha.big}`,
      `/storage/${SESSION}/${sha.big.toUpperCase()}`,
      `/storage/${SESSION}/notes`,
      "/storage/gone-session/notes.txt",
    ]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain("keel: ");
    }
  });

  it("does not follow a session folder that is a symlink", async () => {
    symlinkSync(join(artifacts, SESSION), join(artifacts, "linked-session"));
    const { status, html } = await get(`/storage/linked-session/${sha.big}`);
    expect(status).toBe(404);
    expect(html).toContain("not a folder; not served");
    rmSync(join(artifacts, "linked-session"));
  });

  it("refuses a changed file and a missing one, and deletes neither side", async () => {
    const file = join(artifacts, SESSION, `${sha.small}.txt`);
    writeFileSync(file, "y".repeat(20_000));
    const changed = await get(`/storage/${SESSION}/${sha.small}`);
    expect(changed.status).toBe(404);
    expect(changed.html).toContain("tampered (hash mismatch); not served");
    const missing = await get(`/storage/${SESSION}/${"0".repeat(64)}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("no such artifact");
    expect(readdirSync(join(artifacts, SESSION)).sort()).toEqual(
      [`${sha.big}.txt`, `${sha.small}.txt`].sort(),
    );
  });

  it("is answered plainly by a server started without an artifact folder", async () => {
    const bare = createApp({ store, token: TOKEN, port: () => PORT, sessionDirs: [] });
    for (const path of ["/storage", `/storage/${SESSION}/${sha.big}`]) {
      const { status, html } = await get(path, bare);
      expect(status).toBe(404);
      expect(html).toContain("without an artifact folder");
    }
  });
});
