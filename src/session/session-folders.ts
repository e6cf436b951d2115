// Reading the folders that hold pi's session files, remembered by each folder's modification time: a folder whose
// time and inode are unchanged holds the same names, so the session list and page look at one folder with a stat
// instead of reading its thousand names again. A folder changed less than RACY_MS before it was read may change
// again within the same timestamp tick, so it is read every time until it has been quiet that long.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";

/** Per folder path: its stamp when read and the entries it held. */
export type SessionFolderCache = Map<
  string,
  { mtimeMs: number; ino: number; readAt: number; entries: Dirent[] }
>;

const RACY_MS = 2_000;
/** Folders kept at most (pi makes one per working directory). */
const KEPT_FOLDERS = 4_096;

/** The folder's entries, from the cache while its stamp holds; errors are thrown as readdir throws them. */
export async function readFolder(dir: string, folders?: SessionFolderCache): Promise<Dirent[]> {
  if (!folders) return readdir(dir, { withFileTypes: true });
  const now = await stat(dir);
  const kept = folders.get(dir);
  if (kept && kept.mtimeMs === now.mtimeMs && kept.ino === now.ino && kept.readAt - now.mtimeMs >= RACY_MS)
    return kept.entries;
  const readAt = Date.now();
  const entries = await readdir(dir, { withFileTypes: true });
  folders.delete(dir);
  folders.set(dir, { mtimeMs: now.mtimeMs, ino: now.ino, readAt, entries });
  while (folders.size > KEPT_FOLDERS) folders.delete(folders.keys().next().value as string);
  return entries;
}
