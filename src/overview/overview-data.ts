// The data behind the UI's overview page and /api/overview: keel's projects and recorded compactions from
// the store, pi's session files from disk, and the links between them (a compaction's session and entry).
import { type Clock, systemClock } from "../core/clock.ts";
import { KEEL_VERSION } from "../core/version.ts";
import {
  listSessionFiles,
  type SessionFileSummary,
  type SessionRoot,
  type SessionSummaryCache,
} from "../session/session-files.ts";
import type { SessionFolderCache } from "../session/session-folders.ts";
import { countCompactions, countCompactionsBySession, listCompactions } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";
import { listProjects } from "../store/projects.ts";
import type { CompactionRow, ProjectRow } from "../store/schema/index.ts";
import { sessionRouteKeys } from "./session-route.ts";

export interface OverviewProject extends ProjectRow {
  compactions: number;
}

export interface OverviewSession extends SessionFileSummary {
  /** Compactions keel recorded for this session id. */
  recordedCompactions: number;
  /** The key of its page (`/sessions/<key>`), unique among the listed files; null without a session id. */
  routeKey: string | null;
}

export interface OverviewCompaction extends CompactionRow {
  projectName: string | null;
  /** The session file holding this compaction, when one was found. */
  sessionPath: string | null;
  /** Whether that file still holds the compaction entry; null when no file was found. */
  entryInFile: boolean | null;
}

export interface OverviewData {
  version: string;
  generatedAt: number;
  store: { location: string; driver: string };
  projects: OverviewProject[];
  sessionRoots: SessionRoot[];
  sessions: OverviewSession[];
  compactions: OverviewCompaction[];
  /** All compactions recorded; `compactions` holds at most `compactionLimit` of them. */
  compactionTotal: number;
  compactionLimit: number;
}

export interface OverviewSources {
  store: Store;
  sessionDirs: readonly string[];
  cache?: SessionSummaryCache;
  folders?: SessionFolderCache;
  clock?: Clock;
  compactionLimit?: number;
}

export async function collectOverview(sources: OverviewSources): Promise<OverviewData> {
  const { store } = sources;
  const limit = sources.compactionLimit ?? 200;
  const [projectRows, compactionRows, compactionTotal, recorded, listing] = await Promise.all([
    listProjects(store.db),
    listCompactions(store.db, { limit }),
    countCompactions(store.db),
    countCompactionsBySession(store.db),
    listSessionFiles(sources.sessionDirs, { cache: sources.cache, folders: sources.folders }),
  ]);
  const projects = await Promise.all(
    projectRows.map(async (p) => ({ ...p, compactions: await countCompactions(store.db, p.id) })),
  );
  return {
    version: KEEL_VERSION,
    generatedAt: (sources.clock ?? systemClock).now(),
    store: { location: store.location, driver: store.driver },
    projects,
    sessionRoots: listing.roots,
    sessions: linkSessions(listing.sessions, recorded),
    compactions: linkCompactions(compactionRows, projects, listing.sessions),
    compactionTotal,
    compactionLimit: limit,
  };
}

/** The session list alone (the sessions page): files on disk and how many compactions keel recorded for each. */
export async function collectSessionList(
  sources: Pick<OverviewSources, "store" | "sessionDirs" | "cache" | "folders">,
): Promise<OverviewSession[]> {
  const [recorded, listing] = await Promise.all([
    countCompactionsBySession(sources.store.db),
    listSessionFiles(sources.sessionDirs, { cache: sources.cache, folders: sources.folders }),
  ]);
  return linkSessions(listing.sessions, recorded);
}

function linkSessions(
  sessions: SessionFileSummary[],
  recorded: ReadonlyMap<string, number>,
): OverviewSession[] {
  const keys = sessionRouteKeys(sessions);
  return sessions.map((s) => ({
    ...s,
    routeKey: keys.get(s.path) ?? null,
    recordedCompactions: s.sessionId ? (recorded.get(s.sessionId) ?? 0) : 0,
  }));
}

function linkCompactions(
  compactions: CompactionRow[],
  projects: ProjectRow[],
  sessions: SessionFileSummary[],
): OverviewCompaction[] {
  const names = new Map(projects.map((p) => [p.id, p.name]));
  const byId = new Map<string, SessionFileSummary>();
  // Sessions are newest first; the first file seen for an id (the freshest copy) wins.
  for (const s of sessions) if (s.sessionId && !byId.has(s.sessionId)) byId.set(s.sessionId, s);
  return compactions.map((c) => {
    const session = byId.get(c.sessionId);
    return {
      ...c,
      projectName: names.get(c.projectId) ?? null,
      sessionPath: session?.path ?? null,
      entryInFile: session ? session.compactionEntryIds.includes(c.entryId) : null,
    };
  });
}
