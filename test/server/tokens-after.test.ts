// One set of numbers: a compaction recorded the way the extension records it (session_compact → the store) shows
// the same tokens-after figure on its compaction page, on the session page (table and conversation marker) and
// on the dashboard; a row recorded before the figure was kept is sized once by the same function and updated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompactionEntry } from "@earendil-works/pi-coding-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSession } from "../../scripts/fixtures/generate-sessions.ts";
import { recordConfirmedCompaction } from "../../src/compact/record.ts";
import { createApp } from "../../src/server/app.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { sessionDirsFor } from "../../src/session/session-files.ts";
import { listCompactions, recordCompaction } from "../../src/store/compactions.ts";
import type { Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";

const PORT = 43231;
const TOKEN = "tokens-after-token-0123456789abcdefghijkl";
const HEADERS = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}` };

let root: string;
let store: Store;
let app: ReturnType<typeof createApp>;
let sessionId: string;
let compactions: CompactionEntry[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-tokens-after-"));
  const agentDir = join(root, "agent");
  const dir = join(agentDir, "sessions", "--home-dev-proj--");
  mkdirSync(dir, { recursive: true });
  const text = generateSession({ entries: 120, seed: 11, compactEvery: 50 });
  const file = join(dir, "s.jsonl");
  writeFileSync(file, text);
  const parsed = parseSessionText(text);
  sessionId = parsed.header?.id ?? "";
  compactions = parsed.entries.filter((e) => e.type === "compaction") as unknown as CompactionEntry[];
  store = await openStore(join(root, "keel.db"));
  await upsertProject(store.db, { id: "p1", root: "/home/dev/proj", identitySource: "git", name: "proj" }, 1);
  app = createApp({ store, token: TOKEN, port: () => PORT, sessionDirs: sessionDirsFor(agentDir) });
  const [first, second] = compactions;
  if (!first || !second) throw new Error("the generated session needs two compactions");
  // The second compaction as the extension records it, with the branch pi hands over.
  await recordConfirmedCompaction(
    { db: store.db, clock: { now: () => 2_000 } },
    {
      projectId: "p1",
      sessionId,
      sessionFile: file,
      entry: second,
      reason: "threshold",
      fromExtension: false,
      entries: parsed.entries,
    },
  );
  // The first as a row from before the figure was kept: the verified strategy's summary-only number, no basis.
  await recordCompaction(store.db, {
    projectId: "p1",
    sessionId,
    sessionFile: file,
    entryId: first.id,
    strategy: "native",
    reason: "threshold",
    fromExtension: false,
    tokensBefore: first.tokensBefore,
    firstKeptEntryId: first.firstKeptEntryId,
    summaryChars: first.summary.length,
    tokensAfter: 5,
    createdAt: 1_000,
  });
});

afterAll(async () => {
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

const page = async (path: string) => (await app.request(path, { headers: HEADERS })).text();
const figures = (html: string) =>
  [...html.matchAll(/data-testid="tokens-after" data-tokens="(\d+)"/g)].map((m) => Number(m[1]));
const rowOf = (html: string, id: string) =>
  html.slice(html.indexOf(`data-compaction="${id}"`)).split("</tr>")[0] ?? "";
const boundaryOf = (html: string, id: string) =>
  html.slice(html.indexOf(`class="boundary" id="entry-${id}"`)).split("</li>")[0] ?? "";

describe("tokens after a compaction", () => {
  it("is recorded once and read the same by the compaction page, the session page and the dashboard", async () => {
    const second = compactions[1] as CompactionEntry;
    const row = (await listCompactions(store.db, { sessionId })).find((r) => r.entryId === second.id);
    expect(row?.tokensAfterBasis).toBe("estimated");
    const recorded = row?.tokensAfter ?? 0;
    // Summary and the kept entries the next request carries: more than the summary alone.
    expect(recorded).toBeGreaterThan(Math.ceil(second.summary.length / 4));

    const compactionPage = await page(`/sessions/${sessionId}/compactions/${second.id}`);
    expect(figures(compactionPage)).toEqual([recorded]);
    expect(compactionPage).toMatch(/estimated, \d+% saved/);

    const sessionPage = await page(`/sessions/${sessionId}`);
    expect(figures(rowOf(sessionPage, second.id))).toEqual([recorded]);
    expect(figures(boundaryOf(sessionPage, second.id))).toEqual([recorded]);

    const dashboard = await page("/dashboard");
    const first = (await listCompactions(store.db, { sessionId })).find((r) => r.entryId !== second.id);
    const total = Number(/data-testid="tokens-after-total" data-tokens="(\d+)"/.exec(dashboard)?.[1]);
    expect(total).toBe(recorded + (first?.tokensAfter ?? Number.NaN));
  });

  it("sizes a row recorded before the figure was kept once, with the same function, and keeps it", async () => {
    const first = compactions[0] as CompactionEntry;
    await page("/dashboard");
    const row = (await listCompactions(store.db, { sessionId })).find((r) => r.entryId === first.id);
    expect(row?.tokensAfterBasis).toBe("estimated");
    expect(row?.tokensAfter).not.toBe(5);
    const compactionPage = await page(`/sessions/${sessionId}/compactions/${first.id}`);
    expect(figures(compactionPage)).toEqual([row?.tokensAfter]);
  });
});
