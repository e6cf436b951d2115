// A read-only inventory of the artifact store: per origin (the session that wrote it) its files, bytes and
// each file's check (ok, tampered, not a file), and whether that session was found among the scanned session
// files. Nothing is deleted: "unreferenced-in-scan" is not "safe to delete" (a session elsewhere may refer to it).
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describeError } from "../../core/errors.ts";
import { counted } from "../../core/plural.ts";
import {
  listSessionFiles,
  type SessionListing,
  type SessionSummaryCache,
} from "../../session/session-files.ts";
import { isSafeOrigin } from "./record.ts";
import { readArtifactBytes } from "./store.ts";

/** "unchecked": listed without reading it (the UI's list checks a file when it is opened). */
export type FileStatus = "ok" | "tampered" | "not-a-file" | "unexpected-name" | "unchecked";
export type OriginStatus = "live" | "unreferenced-in-scan" | "unknown";

export interface InventoryFile {
  name: string;
  bytes: number;
  /** The file's modification time (ms): when it was written, as artifacts are never rewritten. */
  createdAt: number;
  status: FileStatus;
}

export interface InventoryOrigin {
  origin: string;
  status: OriginStatus;
  files: InventoryFile[];
  bytes: number;
}

export interface Inventory {
  root: string;
  exists: boolean;
  origins: InventoryOrigin[];
  totalFiles: number;
  totalBytes: number;
  sessionRoots: { path: string; exists: boolean; error?: string }[];
}

export interface InventoryOptions {
  /** Read and hash every file (the CLI); false lists sizes and times only. Default true. */
  check?: boolean;
  /** Shared with other listings so unchanged session files are not read again. */
  cache?: SessionSummaryCache;
  /** The session files, when the caller has listed them already. */
  listing?: SessionListing;
}

/** The name of a finished artifact file: its sha256, or undefined for any other name. */
export const artifactSha = (name: string): string | undefined => /^([0-9a-f]{64})\.txt$/.exec(name)?.[1];

async function checkFile(root: string, origin: string, name: string, check: boolean): Promise<InventoryFile> {
  const stat = await lstat(join(root, origin, name));
  const base = { name, bytes: stat.size, createdAt: Math.round(stat.mtimeMs) };
  if (!stat.isFile()) return { ...base, status: "not-a-file" };
  const sha = artifactSha(name);
  if (!sha) return { ...base, status: "unexpected-name" };
  if (!check) return { ...base, status: "unchecked" };
  const read = await readArtifactBytes(root, { sha256: sha, bytes: stat.size, origin });
  return { ...base, status: read.ok ? "ok" : "tampered" };
}

export async function artifactInventory(
  root: string,
  sessionDirs: readonly string[],
  options: InventoryOptions = {},
): Promise<Inventory> {
  const inventory: Inventory = {
    root,
    exists: false,
    origins: [],
    totalFiles: 0,
    totalBytes: 0,
    sessionRoots: [],
  };
  let origins: string[];
  try {
    origins = (await readdir(root)).sort();
    inventory.exists = true;
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT")
      throw new Error(`cannot read ${root}: ${describeError(error)}`);
    return inventory;
  }
  const listing = options.listing ?? (await listSessionFiles(sessionDirs, { cache: options.cache }));
  inventory.sessionRoots = listing.roots.map((r) => ({
    path: r.path,
    exists: r.exists,
    ...(r.error ? { error: r.error } : {}),
  }));
  const known = new Set(listing.sessions.map((s) => s.sessionId).filter((id): id is string => id !== null));
  const complete = listing.roots.every((r) => !r.error);
  for (const origin of origins) {
    const dir = join(root, origin);
    const stat = await lstat(dir);
    if (!stat.isDirectory() || !isSafeOrigin(origin)) continue;
    const names = (await readdir(dir)).sort();
    const files = await Promise.all(
      names.map((name) => checkFile(root, origin, name, options.check ?? true)),
    );
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const status: OriginStatus = known.has(origin) ? "live" : complete ? "unreferenced-in-scan" : "unknown";
    inventory.origins.push({ origin, status, files, bytes });
    inventory.totalFiles += files.length;
    inventory.totalBytes += bytes;
  }
  return inventory;
}

export function renderInventory(inventory: Inventory): string[] {
  if (!inventory.exists) return [`no artifacts (${inventory.root} does not exist)`];
  const lines = [
    `artifacts in ${inventory.root}: ${counted(inventory.totalFiles, "file")}, ${inventory.totalBytes} bytes`,
  ];
  for (const origin of inventory.origins) {
    const bad = origin.files.filter((f) => f.status !== "ok").length;
    lines.push(
      `  ${origin.origin}  ${origin.status}  ${counted(origin.files.length, "file")}  ${origin.bytes} bytes${bad ? `  ${counted(bad, "failed check")}` : ""}`,
    );
    for (const file of origin.files.filter((f) => f.status !== "ok"))
      lines.push(`    ${file.name}: ${file.status}`);
  }
  lines.push(
    "read-only: nothing was deleted; unreferenced-in-scan means no scanned session wrote it, not that it is safe to delete",
  );
  return lines;
}
