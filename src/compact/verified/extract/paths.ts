// Paths as the extraction reports them: relative to the session's cwd when inside it, `./` and `a/../b`
// folded, absolute outside it. Shell words that are not paths (options, variables, globs, URLs) are refused.
import { posix } from "node:path";

/** `path` resolved against `base` (the cwd, or a folder a `cd` moved to) and shown relative to `cwd`. */
export function relativePath(path: string, cwd: string, base = cwd): string {
  const root = cwd.replace(/\/+$/, "") || "/";
  const absolute = path.startsWith("/") ? posix.normalize(path) : posix.join(base || root, path);
  if (absolute === root) return ".";
  if (absolute.startsWith(`${root}/`)) return absolute.slice(root.length + 1).replace(/\/+$/, "") || ".";
  return absolute.replace(/(.)\/+$/, "$1");
}

/** Whether a shell word can be taken as a file path. */
export function isPathWord(word: string): boolean {
  if (word === "" || word.startsWith("-") || word.length > 400) return false;
  if (/[$*?[\]{}<>|;&`\n]/.test(word)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return false;
  if (/^\/dev\//.test(word) || /^\/proc\//.test(word)) return false;
  return true;
}
