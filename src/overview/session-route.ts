// The URL key of a session file: its session id when no other listed file shares it, else the id with a short
// digest of the file's path (`<id>~<8 hex>`), so two files with one session id open two different pages. Pure.
import { createHash } from "node:crypto";

interface Keyed {
  sessionId: string | null;
  path: string;
}

const SEPARATOR = "~";
const pathTag = (path: string) => createHash("sha256").update(path).digest("hex").slice(0, 8);

/** Each listed file's key by path; files without a session id get none. */
export function sessionRouteKeys(sessions: readonly Keyed[]): Map<string, string> {
  const seen = new Map<string, number>();
  for (const s of sessions) if (s.sessionId) seen.set(s.sessionId, (seen.get(s.sessionId) ?? 0) + 1);
  const keys = new Map<string, string>();
  for (const s of sessions) {
    if (!s.sessionId) continue;
    const shared = (seen.get(s.sessionId) ?? 0) > 1;
    keys.set(s.path, shared ? `${s.sessionId}${SEPARATOR}${pathTag(s.path)}` : s.sessionId);
  }
  return keys;
}

/** The file a key names: the exact file for a disambiguated key, else the first file with that session id. */
export function findByRouteKey<T extends Keyed>(sessions: readonly T[], key: string): T | undefined {
  const cut = key.lastIndexOf(SEPARATOR);
  if (cut > 0) {
    const id = key.slice(0, cut);
    const tag = key.slice(cut + 1);
    const exact = sessions.find((s) => s.sessionId === id && pathTag(s.path) === tag);
    // A tag that names no file now (the file moved) falls back to the session id.
    return exact ?? sessions.find((s) => s.sessionId === id) ?? sessions.find((s) => s.sessionId === key);
  }
  return sessions.find((s) => s.sessionId === key);
}
