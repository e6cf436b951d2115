// `keel ui --demo`: a throw-away folder with its own store and session directory, built from the session files
// real pi wrote (test/fixtures/ui-demo, embedded in the binary; scripts/fixtures/ui-demo.ts regenerates them) and
// the memory, journal and rule rows of that run. The user's store and sessions are never opened; the folder is
// removed when the demo stops.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordConfirmedCompaction } from "../compact/record.ts";
import { readAsset } from "../core/assets.ts";
import { systemClock } from "../core/clock.ts";
import { sha256Hex } from "../core/hash.ts";
import { ok } from "../core/result.ts";
import { addProjectRule } from "../guard/contract/edit.ts";
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
  /** The session files, oldest first ("session-1.jsonl", …). */
  sessions: string[];
  project: { name: string; identitySource: "git" | "configured" };
  records: MemoryRecord[];
  journal: JournalRow[];
  rules: { id: string; text: string }[];
}

type DemoSession = ReturnType<typeof parseSessionText> & { id: string; cwd: string };

export async function prepareDemo(): Promise<DemoFolder> {
  const root = mkdtempSync(join(tmpdir(), "keel-demo-"));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const rows = JSON.parse(readAsset("demo/store.json")) as DemoStore;
    const dir = join(root, "agent", "sessions", "--demo--");
    mkdirSync(dir, { recursive: true });
    const sessions = rows.sessions.map((name) => writeDemoSession(dir, readAsset(`demo/${name}`)));
    const first = sessions[0];
    if (!first) throw new Error("the demo has no session");
    const storeUrl = join(root, "keel.db");
    // The demo's project is registered as the store opens, as every surface registers the project it serves.
    const projectId = sha256Hex(`keel-demo:${first.cwd}`);
    const identity = {
      id: projectId,
      root: first.cwd,
      identitySource: "configured" as const,
      name: rows.project.name,
    };
    const store = await openProjectStore(ok(identity), { storeUrl, clock: systemClock });
    try {
      for (const session of sessions) await recordCompactions(store, projectId, session);
      await seedStore(store, rows, { projectId, root, sessionIds: sessions.map((x) => x.id) });
    } finally {
      await store.close();
    }
    return { root, storeUrl, agentDir: join(root, "agent"), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Writes one session file under pi's naming (`<timestamp>_<id>.jsonl`) and returns its parse. */
function writeDemoSession(dir: string, text: string): DemoSession {
  const session = parseSessionText(text);
  const header = session.header;
  if (!header) throw new Error("a demo session has no header");
  writeFileSync(join(dir, `${header.timestamp.replace(/[:.]/g, "-")}_${header.id}.jsonl`), text);
  return { ...session, id: header.id, cwd: header.cwd };
}

/** Each compaction recorded as pi confirmed it then: the entry's own time, its strategy read by compact/details.ts. */
async function recordCompactions(store: Store, projectId: string, session: DemoSession): Promise<void> {
  for (const entry of session.entries) {
    if (entry.type !== "compaction") continue;
    await recordConfirmedCompaction(storeDeps({ store, clock: { now: () => Date.parse(entry.timestamp) } }), {
      projectId,
      sessionId: session.id,
      sessionFile: undefined,
      entry,
      reason: "manual",
      fromExtension: true,
      entries: session.entries,
    });
  }
}

async function seedStore(
  store: Store,
  rows: DemoStore,
  demo: { projectId: string; root: string; sessionIds: string[] },
): Promise<void> {
  const { projectId } = demo;
  const sessionOf = (id: string | undefined) =>
    id && demo.sessionIds.includes(id) ? id : (demo.sessionIds[0] ?? "");
  const deps = storeDeps({ store, clock: systemClock });
  const newIds = new Map<string, string>();
  for (const r of rows.records) {
    const provenance = {
      sessionId: sessionOf(r.provenance[0]?.sessionId ?? undefined),
      head: null,
      worktree: null,
    };
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
      sessionId: sessionOf(j.sessionId ?? undefined),
      origin: j.origin,
      type: j.type,
      text: j.text,
      tags,
    };
    await writeJournal(deps, input);
  }
  const scope = {
    ...deps,
    projectId,
    projectRoot: demo.root,
    personalContract: join(demo.root, "contract.json"),
  };
  for (const rule of rows.rules ?? []) await addProjectRule(scope, { id: rule.id, text: rule.text });
}
