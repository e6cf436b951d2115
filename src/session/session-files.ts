// Read-only listing of pi session files: walks session folders (files at the top and one level of
// subfolders, as pi lays them out), streams each JSONL through session-scan.ts, and never fails on a bad
// file: its problem is reported on its row. Parsing rules live in session-scan.ts.
import { createReadStream, type Dirent, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { describeError } from "../core/errors.ts";
import { MAX_LINE_CHARS } from "./read-session.ts";
import { readFolder, type SessionFolderCache } from "./session-folders.ts";
import {
  emptySessionContent,
  finishSessionScan,
  type SessionContent,
  type SessionLine,
  scanSessionLine,
  startSessionScan,
} from "./session-scan.ts";

/** One session file as listed: where it is, what its header says, and how much it holds. */
export interface SessionFileSummary extends SessionContent {
  path: string;
  /** The folder it was found under (one of the listed roots). */
  root: string;
  /** Last modification, ms since the epoch. */
  modifiedAt: number;
  sizeBytes: number;
}

/** A folder that was searched, and what it gave. */
export interface SessionRoot {
  path: string;
  exists: boolean;
  files: number;
  error?: string;
}

export interface SessionListing {
  roots: SessionRoot[];
  /** Newest modification first. */
  sessions: SessionFileSummary[];
}

/** Remembers summaries by path, size and mtime so unchanged files are not read again. */
export type SessionSummaryCache = Map<string, { key: string; summary: SessionFileSummary }>;

export interface ListOptions {
  cache?: SessionSummaryCache;
  /** Folder listings kept by the folder's modification time (session-folders.ts); none: every folder is read. */
  folders?: SessionFolderCache;
  /**
   * false: a file already in `cache` is listed as it was last read, without looking at it again (a caller that
   * wants one file refreshes just that one with refreshSessionFile). Default true.
   */
  restat?: boolean;
  /** How many files are read at once (default 8). */
  concurrency?: number;
}

/** pi's default session folder for an agent dir, followed by any extra folders (`pi --session-dir`). */
export function sessionDirsFor(agentDir: string, extraDirs: readonly string[] = []): string[] {
  const all = [join(agentDir, "sessions"), ...extraDirs].map((dir) => resolve(dir));
  return [...new Set(all)];
}

/** Lists the session files under every folder; a file found under two roots is listed once. */
export async function listSessionFiles(
  dirs: readonly string[],
  options: ListOptions = {},
): Promise<SessionListing> {
  const roots: SessionRoot[] = [];
  const seen = new Set<string>();
  const found: { path: string; root: string }[] = [];
  for (const dir of dirs) {
    const root = resolve(dir);
    const listed = await findSessionPaths(root, options.folders);
    const fresh = listed.paths.filter((path) => !seen.has(path));
    for (const path of fresh) {
      seen.add(path);
      found.push({ path, root });
    }
    roots.push({
      path: root,
      exists: listed.exists,
      files: listed.paths.length,
      ...errorField(listed.error),
    });
  }
  // Stats are taken in one synchronous pass (a few ms for a thousand files, far less than as many promises);
  // unchanged files come from the cache as they are, and only the others are read, a few at a time.
  const sessions: SessionFileSummary[] = [];
  const changed: { path: string; root: string; info: FileStat }[] = [];
  for (const file of found) {
    const hit = options.cache?.get(file.path);
    const info = hit && options.restat === false ? undefined : statOf(file.path);
    if (hit && (info === undefined || (!("error" in info) && hit.key === cacheKey(info))))
      sessions.push(hit.summary.root === file.root ? hit.summary : { ...hit.summary, root: file.root });
    else changed.push({ ...file, info: info ?? statOf(file.path) });
  }
  sessions.push(
    ...(await mapLimited(changed, options.concurrency ?? 8, (file) =>
      summarizeCached(file.path, file.root, options.cache, file.info),
    )),
  );
  sessions.sort((a, b) => b.modifiedAt - a.modifiedAt || a.path.localeCompare(b.path));
  return { roots, sessions };
}

/** The newest session file whose header's folder is `projectRoot` or inside it; undefined when there is none. */
export async function latestProjectSession(
  dirs: readonly string[],
  projectRoot: string,
  cache?: SessionSummaryCache,
): Promise<string | undefined> {
  const root = resolve(projectRoot);
  const inside = (cwd: string | null) =>
    cwd !== null && (resolve(cwd) === root || resolve(cwd).startsWith(`${root}${sep}`));
  const { sessions } = await listSessionFiles(dirs, { cache });
  return sessions.find((session) => inside(session.cwd))?.path;
}

/** A listed file as it is now: looked at again, and read again only when it changed since it was listed. */
export function refreshSessionFile(
  file: Pick<SessionFileSummary, "path" | "root">,
  cache?: SessionSummaryCache,
): Promise<SessionFileSummary> {
  return summarizeCached(file.path, file.root, cache, statOf(file.path));
}

/** Reads one session file; I/O problems end up in `error`, never thrown. */
export function summarizeSessionFile(path: string, root = ""): Promise<SessionFileSummary> {
  return summarizeCached(path, root, undefined, statOf(path));
}

type FileStat = { size: number; mtimeMs: number } | { error: string };

const cacheKey = (info: { size: number; mtimeMs: number }) => `${info.size}:${info.mtimeMs}`;

function statOf(path: string): FileStat {
  try {
    return statSync(path);
  } catch (error) {
    return { error: describeError(error) };
  }
}

async function summarizeCached(
  path: string,
  root: string,
  cache: SessionSummaryCache | undefined,
  info: FileStat,
): Promise<SessionFileSummary> {
  if ("error" in info) return unreadable(path, root, 0, 0, info.error);
  const key = cacheKey(info);
  const hit = cache?.get(path);
  if (hit && hit.key === key) return { ...hit.summary, root };
  const summary = await readSummary(path, root, info.size, info.mtimeMs);
  cache?.set(path, { key, summary });
  return summary;
}

async function readSummary(
  path: string,
  root: string,
  size: number,
  mtimeMs: number,
): Promise<SessionFileSummary> {
  const scan = startSessionScan();
  try {
    for await (const line of readLines(path)) scanSessionLine(scan, line);
  } catch (error) {
    return unreadable(path, root, size, mtimeMs, describeError(error));
  }
  const content = finishSessionScan(scan);
  return { ...content, path, root, modifiedAt: Math.round(mtimeMs), sizeBytes: size };
}

/** Yields the file's lines; the last one says whether it ended with a newline. */
export async function* readLines(path: string): AsyncGenerator<SessionLine> {
  const decoder = new TextDecoder("utf-8");
  let rest = "";
  for await (const chunk of createReadStream(path)) {
    rest += decoder.decode(chunk as Buffer, { stream: true });
    let start = 0;
    let newline = rest.indexOf("\n");
    while (newline !== -1) {
      yield { text: rest.slice(start, newline), terminated: true };
      start = newline + 1;
      newline = rest.indexOf("\n", start);
    }
    rest = rest.slice(start);
    // A line without an end in sight: report it as damaged (not JSON) instead of buffering without bound.
    if (rest.length > MAX_LINE_CHARS) {
      yield { text: "(line too long)", terminated: true };
      rest = "";
    }
  }
  rest += decoder.decode();
  if (rest !== "") yield { text: rest, terminated: false };
}

async function findSessionPaths(
  root: string,
  folders: SessionFolderCache | undefined,
): Promise<{ exists: boolean; paths: string[]; error?: string }> {
  let top: Dirent[];
  try {
    top = await readFolder(root, folders);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { exists: false, paths: [] };
    return { exists: code !== "ENOTDIR", paths: [], error: describeError(error) };
  }
  const paths: string[] = [];
  const problems: string[] = [];
  for (const entry of top) {
    const full = join(root, entry.name);
    if (entry.isFile() && isSessionName(entry.name)) paths.push(full);
    else if (entry.isDirectory()) {
      const inner = await sessionFilesIn(full, folders);
      paths.push(...inner.paths);
      if (inner.error) problems.push(inner.error);
    }
  }
  return {
    exists: true,
    paths: paths.sort(),
    ...errorField(problems.length > 0 ? problems.join("; ") : undefined),
  };
}

async function sessionFilesIn(
  dir: string,
  folders: SessionFolderCache | undefined,
): Promise<{ paths: string[]; error?: string }> {
  try {
    const entries = await readFolder(dir, folders);
    return {
      paths: entries.filter((e) => e.isFile() && isSessionName(e.name)).map((e) => join(dir, e.name)),
    };
  } catch (error) {
    // A subfolder removed while listing simply holds no sessions; any other failure is shown on its root.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { paths: [] };
    return { paths: [], error: `cannot read ${dir}: ${describeError(error)}` };
  }
}

function isSessionName(name: string): boolean {
  return name.endsWith(".jsonl") && !name.startsWith(".");
}

function unreadable(
  path: string,
  root: string,
  size: number,
  mtimeMs: number,
  error: string,
): SessionFileSummary {
  return {
    ...emptySessionContent(),
    path,
    root,
    modifiedAt: Math.round(mtimeMs),
    sizeBytes: size,
    error: `cannot read the file: ${error}`,
  };
}

function errorField(error: string | undefined): { error?: string } {
  return error === undefined ? {} : { error };
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
