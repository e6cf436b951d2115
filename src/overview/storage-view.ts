// The data behind the UI's storage pages: the artifact store's files a page at a time, each linked to the page of
// the session that wrote it, and one artifact opened a page of characters at a time. The listing, the checks and
// the reading are recall/artifacts/browse.ts's; this adds session route keys and paging.
import { ok, type Result } from "../core/result.ts";
import {
  type ArtifactPage,
  listStoredArtifacts,
  readStoredArtifact,
  type StorageSources,
  type StoredArtifact,
} from "../recall/artifacts/browse.ts";
import { type SpillSource, spillSourcesIn } from "../recall/artifacts/spill-sources.ts";
import { listSessionFiles, type SessionListing } from "../session/session-files.ts";
import { sessionRouteKeys } from "./session-route.ts";

export const STORAGE_PAGE = 100;

export interface StorageRow extends StoredArtifact {
  /** The page of the session that wrote it, when its file was found. */
  sessionKey: string | null;
}

export interface StorageView {
  root: string;
  exists: boolean;
  totalFiles: number;
  totalBytes: number;
  offset: number;
  rows: StorageRow[];
  problems: string[];
}

export interface ArtifactView extends ArtifactPage {
  spilledBy: SpillSource | null;
  sessionKey: string | null;
}

export async function buildStorageView(sources: StorageSources, offset: number): Promise<StorageView> {
  const listing = await listStoredArtifacts(sources);
  const keyOf = originKeys(listing.sessions);
  const total = listing.artifacts.length;
  const start = Number.isFinite(offset)
    ? Math.min(Math.max(0, Math.trunc(offset)), Math.max(0, total - 1))
    : 0;
  return {
    root: listing.root,
    exists: listing.exists,
    totalFiles: listing.totalFiles,
    totalBytes: listing.totalBytes,
    offset: start,
    rows: listing.artifacts
      .slice(start, start + STORAGE_PAGE)
      .map((a) => ({ ...a, sessionKey: keyOf.get(a.origin) ?? null })),
    problems: listing.problems,
  };
}

export async function buildArtifactView(
  sources: StorageSources,
  origin: string,
  sha256: string,
  from: number,
): Promise<Result<ArtifactView>> {
  const page = await readStoredArtifact(sources.root, origin, sha256, { from });
  if (!page.ok) return page;
  const sessions = await listSessionFiles(sources.sessionDirs, {
    cache: sources.cache,
    folders: sources.folders,
  });
  const writers = sessions.sessions.filter((s) => s.sessionId === origin);
  const spills = await spillSourcesIn(writers, sources.spills);
  return ok({
    ...page.value,
    spilledBy: spills.bySha.get(sha256) ?? null,
    sessionKey: originKeys(sessions).get(origin) ?? null,
  });
}

/** Each origin's session page: the newest listed file with that session id. */
function originKeys(listing: SessionListing): Map<string, string> {
  const keys = sessionRouteKeys(listing.sessions);
  const byOrigin = new Map<string, string>();
  for (const s of listing.sessions) {
    const key = keys.get(s.path);
    if (s.sessionId && key && !byOrigin.has(s.sessionId)) byOrigin.set(s.sessionId, key);
  }
  return byOrigin;
}
