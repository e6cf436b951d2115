// `keel ui --demo`: a throw-away folder with its own store and session directory, built from the session file
// real pi wrote (test/fixtures/ui-demo, embedded in the binary) and the memory and journal rows of that run.
// The user's store and sessions are never opened; the folder is removed when the demo stops.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordConfirmedCompaction } from "../compact/record.ts";
import { readAsset } from "../core/assets.ts";
import { systemClock } from "../core/clock.ts";
import { sha256Hex } from "../core/hash.ts";
import { ok } from "../core/result.ts";
import { type JournalRow, writeJournal } from "../guard/journal.ts";
import type { MemoryRecord } from "../memory/model.ts";
import { recordMemory, supersedeMemory } from "../memory/records.ts";
import { storeDeps } from "../project/context.ts";
import { openProjectStore, type Store } from "../project/open.ts";
import { parseSessionText } from "../session/parse.ts";

export interface DemoFolder {
  root: string;
  storeUrl: string;
  /** Stands in for pi's agent dir: sessions are under `<agentDir>/sessions`. */
  agentDir: string;
  remove(): void;
}

interface DemoStore {
  project: { name: string; identitySource: "git" | "configured" };
  records: MemoryRecord[];
  journal: JournalRow[];
}

export async function prepareDemo(): Promise<DemoFolder> {
  const root = mkdtempSync(join(tmpdir(), "keel-demo-"));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const text = readAsset("demo/session.jsonl");
    const rows = JSON.parse(readAsset("demo/store.json")) as DemoStore;
    const sessions = join(root, "agent", "sessions", "--demo--");
    mkdirSync(sessions, { recursive: true });
    const session = parseSessionText(text);
    const header = session.header;
    if (!header) throw new Error("the demo session has no header");
    writeFileSync(join(sessions, `${header.timestamp.replace(/[:.]/g, "-")}_${header.id}.jsonl`), text);
    const storeUrl = join(root, "keel.db");
    // The demo's project is registered as the store opens, as every surface registers the project it serves.
    const projectId = sha256Hex(`keel-demo:${header.cwd}`);
    const identity = {
      id: projectId,
      root: header.cwd,
      identitySource: "configured" as const,
      name: rows.project.name,
    };
    const store = await openProjectStore(ok(identity), { storeUrl, clock: systemClock });
    try {
      await seedStore(store, rows, { projectId, sessionId: header.id, entries: session.entries });
    } finally {
      await store.close();
    }
    return { root, storeUrl, agentDir: join(root, "agent"), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

async function seedStore(
  store: Store,
  rows: DemoStore,
  session: { projectId: string; sessionId: string; entries: ReturnType<typeof parseSessionText>["entries"] },
): Promise<void> {
  const { projectId } = session;
  for (const entry of session.entries) {
    if (entry.type !== "compaction") continue;
    // Recorded as pi confirmed it then: the entry's own time, its strategy read by compact/details.ts.
    await recordConfirmedCompaction(storeDeps({ store, clock: { now: () => Date.parse(entry.timestamp) } }), {
      projectId,
      sessionId: session.sessionId,
      sessionFile: undefined,
      entry,
      reason: "manual",
      fromExtension: true,
      entries: session.entries,
    });
  }
  const deps = storeDeps({ store, clock: systemClock });
  const newIds = new Map<string, string>();
  for (const r of rows.records) {
    const provenance = { sessionId: session.sessionId, head: null, worktree: null };
    const origin = r.origin === "owner" ? "owner" : "agent";
    const input = {
      title: r.title,
      body: r.body,
      kind: r.kind,
      category: r.category,
      tags: r.tags,
      pinned: r.pinned,
    };
    const made = await recordMemory(deps, { projectId, origin, provenance }, input);
    if (made.ok) newIds.set(r.id, made.value.record.id);
  }
  for (const r of rows.records) {
    const oldId = newIds.get(r.id);
    const newId = r.supersededBy ? newIds.get(r.supersededBy) : undefined;
    if (oldId && newId) await supersedeMemory(deps, projectId, oldId, newId);
  }
  for (const j of rows.journal) {
    const tags = JSON.parse(j.tags) as string[];
    const input = {
      projectId,
      sessionId: session.sessionId,
      origin: j.origin,
      type: j.type,
      text: j.text,
      tags,
    };
    await writeJournal(deps, input);
  }
}
