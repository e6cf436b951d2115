// The artifact store on disk: content-addressed files under `<keel home>/artifacts/<origin>/<sha256>.txt`,
// folders 0700 and files 0600, written atomically (temporary file, fsync, rename), symlinked folders or files
// refused, a per-origin quota that stops spilling rather than evicting, and every read checked for size and hash.
import { createHash, randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, readdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { describeError } from "../../core/errors.ts";
import { ok, type Result } from "../../core/result.ts";
import { type ArtifactRecord, isSafeOrigin } from "./record.ts";

export interface ArtifactQuota {
  files: number;
  bytes: number;
}

export const DEFAULT_QUOTA: ArtifactQuota = { files: 256, bytes: 32 * 1024 * 1024 };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const fileOf = (root: string, origin: string, sha: string) => join(root, origin, `${sha}.txt`);

/** A real folder (created 0700 when missing); a symlink or any other kind of file is refused. */
async function realDir(path: string): Promise<Result<void>> {
  try {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) return { ok: false, reason: `${path} is a symlink; refused` };
    if (!stat.isDirectory()) return { ok: false, reason: `${path} is not a folder` };
    return { ok: true, value: undefined };
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") return { ok: false, reason: describeError(error) };
    await mkdir(path, { mode: 0o700 });
    return { ok: true, value: undefined };
  }
}

/** Files and bytes an origin holds (finished artifacts and leftovers of interrupted writes alike). */
export async function originUsage(root: string, origin: string): Promise<ArtifactQuota> {
  const usage = { files: 0, bytes: 0 };
  let names: string[];
  try {
    names = await readdir(join(root, origin));
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return usage;
    throw error;
  }
  for (const name of names) {
    const stat = await lstat(join(root, origin, name));
    if (!stat.isFile()) continue;
    usage.files++;
    usage.bytes += stat.size;
  }
  return usage;
}

/** Stores `text` for `origin`; an identical artifact already there is verified and reused. */
export async function writeArtifact(
  root: string,
  origin: string,
  text: string,
  quota: ArtifactQuota = DEFAULT_QUOTA,
): Promise<Result<Pick<ArtifactRecord, "sha256" | "bytes" | "chars" | "origin">>> {
  if (!isSafeOrigin(origin))
    return { ok: false, reason: `origin "${origin.slice(0, 40)}" is not a safe folder name` };
  const bytes = new TextEncoder().encode(text);
  const sha = sha256(bytes);
  const value = { sha256: sha, bytes: bytes.length, chars: text.length, origin };
  for (const dir of [root, join(root, origin)]) {
    const checked = await realDir(dir);
    if (!checked.ok) return checked;
  }
  const existing = await readArtifactBytes(root, { sha256: sha, bytes: bytes.length, origin });
  if (existing.ok) return { ok: true, value };
  const usage = await originUsage(root, origin);
  if (usage.files + 1 > quota.files || usage.bytes + bytes.length > quota.bytes)
    return { ok: false, reason: `origin quota reached (${usage.files} files, ${usage.bytes} bytes)` };
  const temp = join(root, origin, `.${sha}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, fileOf(root, origin, sha));
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    return { ok: false, reason: describeError(error) };
  }
  const check = await readArtifactBytes(root, { sha256: sha, bytes: bytes.length, origin });
  return check.ok ? { ok: true, value } : check;
}

/** The artifact's bytes, only when the file is a regular file of the recorded size and hash. */
export async function readArtifactBytes(
  root: string,
  record: Pick<ArtifactRecord, "sha256" | "bytes" | "origin">,
): Promise<Result<Uint8Array>> {
  if (!isSafeOrigin(record.origin)) return { ok: false, reason: "its origin is not a safe folder name" };
  const path = fileOf(root, record.origin, record.sha256);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") return { ok: false, reason: "missing (the file is gone)" };
    if (code === "ELOOP") return { ok: false, reason: "the file is a symlink; refused" };
    return { ok: false, reason: describeError(error) };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: "not a regular file" };
    if (stat.size !== record.bytes)
      return { ok: false, reason: `tampered (size ${stat.size}, recorded ${record.bytes})` };
    const bytes = new Uint8Array(record.bytes);
    const { bytesRead } = await handle.read(bytes, 0, record.bytes, 0);
    if (bytesRead !== record.bytes) return { ok: false, reason: "tampered (short read)" };
    if (sha256(bytes) !== record.sha256) return { ok: false, reason: "tampered (hash mismatch)" };
    return { ok: true, value: bytes };
  } finally {
    await handle.close();
  }
}

export async function readArtifactText(
  root: string,
  record: Pick<ArtifactRecord, "sha256" | "bytes" | "origin">,
): Promise<Result<string>> {
  const read = await readArtifactBytes(root, record);
  return read.ok ? ok(new TextDecoder().decode(read.value)) : read;
}
