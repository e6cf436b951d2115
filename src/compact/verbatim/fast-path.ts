// node:path's resolve, basename and dirname with shortcuts for the common case of already-normal posix paths
// (no empty, `.` or `..` segment, no trailing slash), which checkpoints meet on every tool call. Same results
// as node:path; any other path, and every path on Windows, goes through node:path itself, and so does text with
// surrogates (Bun's node:path replaces a lone one with U+FFFD).
import { basename, dirname, resolve, sep } from "node:path";

const POSIX = sep === "/";
/** Any surrogate code unit (paired ones too: rare enough to leave to node:path). */
const SURROGATE = /[\ud800-\udfff]/;

/** What resolve() returns unchanged: no empty, `.` or `..` segment and no trailing slash. */
const isNormalPath = (path: string) =>
  !path.includes("//") &&
  !path.includes("/./") &&
  !path.includes("/../") &&
  !path.endsWith("/") &&
  !path.endsWith("/.") &&
  !path.endsWith("/..");

/** resolve(cwd, path). */
export function resolveFrom(cwd: string, path: string): string {
  if (POSIX && !SURROGATE.test(path) && !SURROGATE.test(cwd)) {
    const joined = path.startsWith("/")
      ? path
      : cwd.startsWith("/")
        ? `${cwd === "/" ? "" : cwd}/${path}`
        : "";
    if (joined === "/" || (joined !== "" && isNormalPath(joined))) return joined;
  }
  return resolve(cwd, path);
}

/** basename(path). */
export function baseName(path: string): string {
  if (!POSIX || SURROGATE.test(path)) return basename(path);
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(path.lastIndexOf("/", end - 1) + 1, end);
}

/** dirname(path), for an absolute path resolveFrom returned. */
export function dirNameOfResolved(path: string): string {
  if (!POSIX || !path.startsWith("/") || SURROGATE.test(path)) return dirname(path);
  const slash = path.lastIndexOf("/");
  return slash === 0 ? "/" : path.slice(0, slash);
}
