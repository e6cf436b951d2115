// What a failed store operation means to the user: the SQLite condition behind a driver's error (busy,
// read-only, disk full, not a database, damaged, I/O), found through the error's cause chain, as one sentence and a hint
// instead of the raw SQL or errno text. Also the bounded retry for a busy store.
import { statfsSync } from "node:fs";
import { dirname } from "node:path";
import { UserError } from "../core/errors.ts";
import { redact } from "../core/secrets.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import type { WriteRefusal } from "./db.ts";

export type StoreFault = "busy" | "read-only" | "full" | "not-a-database" | "corrupt" | "cannot-open" | "io";

const FAULTS: Array<[StoreFault, RegExp]> = [
  ["busy", /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i],
  ["read-only", /SQLITE_READONLY|readonly database|read-only/i],
  ["full", /SQLITE_FULL|database or disk is full|ENOSPC|no space left/i],
  ["not-a-database", /SQLITE_NOTADB|file is not a database|file is encrypted/i],
  ["corrupt", /SQLITE_CORRUPT|malformed/i],
  ["cannot-open", /SQLITE_CANTOPEN|unable to open database/i],
  ["io", /SQLITE_IOERR|disk I\/O error/i],
];

/** Below this much free space, an I/O error on the store's disk is taken for a full disk (SQLite cannot tell). */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** True when the file system holding `location` has almost no space left for this user. */
function diskNearlyFull(location: string): boolean {
  if (/^(libsql|https?|wss?):/i.test(location) || location === ":memory:") return false;
  try {
    const fs = statfsSync(dirname(location));
    return fs.bavail * fs.bsize < NEARLY_FULL_BYTES;
  } catch (error) {
    if (error instanceof Error) return false;
    throw error;
  }
}

/** The text of an error and every cause under it (drizzle wraps the driver's error as `cause`). */
function chainText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    const e = current as { message?: unknown; code?: unknown; cause?: unknown };
    parts.push(String(e.code ?? ""), String(e.message ?? current));
    current = e.cause;
  }
  return parts.join(" ");
}

export function storeFaultOf(error: unknown): StoreFault | undefined {
  const text = chainText(error);
  return FAULTS.find(([, pattern]) => pattern.test(text))?.[0];
}

/**
 * A user error for a store fault, or undefined when the error is not one. A store opened with a write refusal
 * (damaged, or written by a newer keel) says that refusal instead of "read-only".
 */
export function storeFaultError(
  error: unknown,
  location: string,
  refusal?: WriteRefusal,
): UserError | undefined {
  const found = storeFaultOf(error);
  if (!found) return undefined;
  const fault = found === "io" && diskNearlyFull(location) ? "full" : found;
  if (refusal && fault === "read-only") return new UserError(refusal.message, 2, refusal.hint);
  const at = shortForTerminal(redact(location), 160);
  const said: Record<StoreFault, [string, string]> = {
    busy: [`the store is busy: other keel processes held ${at} for too long`, "try again in a moment"],
    "read-only": [
      `the store ${at} is read-only, so this change was not saved`,
      "reads work; make the file writable or set KEEL_DB to a writable store",
    ],
    full: [
      `the disk holding the store ${at} is full, so this change was not saved`,
      "free some space and try again",
    ],
    "not-a-database": [`${at} is not a SQLite database`, "set KEEL_DB to keel's store or to a new file"],
    corrupt: [
      `the store ${at} is damaged, so this was not done`,
      "copy what can be read into a new store with `keel store recover <new file>`, or restore a backup",
    ],
    "cannot-open": [`the store ${at} cannot be opened`, "check that its folder exists and is accessible"],
    io: [
      `the disk holding the store ${at} reported an I/O error, so this was not done`,
      "check the disk and try again",
    ],
  };
  const [message, hint] = said[fault];
  return new UserError(message, 2, hint);
}

const BUSY_ATTEMPTS = 5;

/** Runs `body`, retrying a busy store with growing, jittered pauses (on top of SQLite's own busy wait). */
export async function retryBusy<T>(body: () => Promise<T>, attempts = BUSY_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await body();
    } catch (error) {
      if (attempt >= attempts || storeFaultOf(error) !== "busy") throw error;
      const pause = 25 * 2 ** attempt + Math.floor(Math.random() * 50);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
