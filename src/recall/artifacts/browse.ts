// Browsing the artifact store read-only, for the UI's storage page: every stored file with its size, when it was
// written, the session that wrote it and what spilled it (spill-sources.ts), newest first; and one artifact's text
// a page of characters at a time, served only after its size and hash check out and scrubbed again on the way
// out. Nothing here writes or deletes.
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { describeError } from "../../core/errors.ts";
import { fail, ok, type Result } from "../../core/result.ts";
import { scrubSecrets } from "../../core/secrets.ts";
import {
  listSessionFiles,
  type SessionListing,
  type SessionSummaryCache,
} from "../../session/session-files.ts";
import type { SessionFolderCache } from "../../session/session-folders.ts";
import { artifactInventory, artifactSha, type FileStatus, type OriginStatus } from "./inventory.ts";
import { isSafeOrigin } from "./record.ts";
import { SPILL_MAX_BYTES } from "./spill.ts";
import { type SpillSource, type SpillSourceCache, spillSourcesIn } from "./spill-sources.ts";
import { readArtifactText } from "./store.ts";

export const ARTIFACT_PAGE_CHARS = 50_000;

export interface StoredArtifact {
  /** The session that wrote it (its folder under the artifact root). */
  origin: string;
  originStatus: OriginStatus;
  name: string;
  /** Set for a finished artifact's file name, undefined for leftovers and strays. */
  sha256?: string;
  bytes: number;
  createdAt: number;
  /** "unchecked" until the file is opened; other states are what listing it already showed. */
  status: FileStatus;
  spilledBy: SpillSource | null;
}

export interface StorageListing {
  root: string;
  exists: boolean;
  totalFiles: number;
  totalBytes: number;
  /** Newest first. */
  artifacts: StoredArtifact[];
  problems: string[];
  /** The session files that were searched (callers link origins to their pages with it). */
  sessions: SessionListing;
}

export interface StorageSources {
  root: string;
  sessionDirs: readonly string[];
  cache?: SessionSummaryCache;
  folders?: SessionFolderCache;
  spills: SpillSourceCache;
}

export async function listStoredArtifacts(sources: StorageSources): Promise<StorageListing> {
  const sessions = await listSessionFiles(sources.sessionDirs, {
    cache: sources.cache,
    folders: sources.folders,
  });
  const inventory = await artifactInventory(sources.root, sources.sessionDirs, {
    check: false,
    listing: sessions,
  });
  const origins = new Set(inventory.origins.map((o) => o.origin));
  const writers = sessions.sessions.filter((s) => s.sessionId !== null && origins.has(s.sessionId));
  const spills = await spillSourcesIn(writers, sources.spills);
  const artifacts = inventory.origins.flatMap((o) =>
    o.files.map((file) => {
      const sha256 = artifactSha(file.name);
      return {
        origin: o.origin,
        originStatus: o.status,
        name: file.name,
        ...(sha256 ? { sha256 } : {}),
        bytes: file.bytes,
        createdAt: file.createdAt,
        status: file.status,
        spilledBy: (sha256 && spills.bySha.get(sha256)) || null,
      };
    }),
  );
  artifacts.sort((a, b) => b.createdAt - a.createdAt || a.name.localeCompare(b.name));
  return {
    root: inventory.root,
    exists: inventory.exists,
    totalFiles: inventory.totalFiles,
    totalBytes: inventory.totalBytes,
    artifacts,
    problems: spills.problems,
    sessions,
  };
}

export interface ArtifactPage {
  origin: string;
  sha256: string;
  bytes: number;
  createdAt: number;
  from: number;
  totalChars: number;
  text: string;
}

/** One page of an artifact's text; a name that is not an artifact's, a missing or a changed file is refused. */
export async function readStoredArtifact(
  root: string,
  origin: string,
  sha256: string,
  options: { from?: number; chars?: number } = {},
): Promise<Result<ArtifactPage>> {
  if (!isSafeOrigin(origin) || !/^[0-9a-f]{64}$/.test(sha256))
    return fail("not the name of a stored artifact");
  let stat: Awaited<ReturnType<typeof lstat>>;
  try {
    // keel writes only into real folders; one that is a symlink now is not followed.
    if (!(await lstat(join(root, origin))).isDirectory())
      return fail("its session folder is not a folder; not served");
    stat = await lstat(join(root, origin, `${sha256}.txt`));
  } catch (error) {
    const code = (error as { code?: string }).code;
    return fail(code === "ENOENT" ? "no such artifact (the file is gone)" : describeError(error));
  }
  if (!stat.isFile()) return fail("not a regular file; not served");
  if (stat.size > SPILL_MAX_BYTES) return fail(`larger than any artifact keel writes (${stat.size} bytes)`);
  const read = await readArtifactText(root, { sha256, bytes: stat.size, origin });
  if (!read.ok) return fail(`${read.reason}; not served`);
  const text = scrubSecrets(read.value).text;
  const chars = Math.max(1, Math.floor(options.chars ?? ARTIFACT_PAGE_CHARS));
  const wanted = Number.isFinite(options.from) ? Math.trunc(options.from ?? 0) : 0;
  const from = Math.min(Math.max(0, wanted), Math.max(0, text.length - 1));
  return ok({
    origin,
    sha256,
    bytes: stat.size,
    createdAt: Math.round(stat.mtimeMs),
    from,
    totalChars: text.length,
    text: text.slice(from, from + chars),
  });
}
