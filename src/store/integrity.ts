// Damage to a store file, noticed cheaply: a store left with a write-ahead log (not closed cleanly, or open in
// another process) gets SQLite's quick check when opened; damage found by any check leaves a `-damaged` marker
// beside the file, so every later open refuses writes until a full check passes again (`keel store check`)
// or the store is replaced (`keel store recover`). The checks themselves are read-only.
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { describeError } from "../core/errors.ts";
import { fail, ok, type Result } from "../core/result.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import type { Store, WriteRefusal } from "./db.ts";
import { storeFaultOf } from "./store-errors.ts";

type Rows = Array<Record<string, unknown>>;

/** How many problem lines a check keeps. */
const CHECK_LINES = 20;

export function damageMarkerPath(path: string): string {
  return `${path}-damaged`;
}

export function isMarkedDamaged(path: string): boolean {
  return path !== ":memory:" && existsSync(damageMarkerPath(path));
}

/** True when a non-empty write-ahead log sits beside the file: the last writer did not close it cleanly. */
export function leftWithLog(path: string): boolean {
  if (path === ":memory:") return false;
  try {
    return statSync(`${path}-wal`).size > 0;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return false;
    throw error;
  }
}

/** Records that `path` failed a check; a folder keel may not write leaves no marker (the caller still refuses). */
export function markDamaged(path: string, problems: readonly string[]): Result<void> {
  if (path === ":memory:") return ok(undefined);
  const text = problems.slice(0, CHECK_LINES).map((line) => shortForTerminal(line, 300));
  try {
    writeFileSync(damageMarkerPath(path), `${new Date().toISOString()}\n${text.join("\n")}\n`);
    return ok(undefined);
  } catch (error) {
    return fail(describeError(error));
  }
}

export function clearDamaged(path: string): void {
  if (path !== ":memory:") rmSync(damageMarkerPath(path), { force: true });
}

/** The problems a check pragma reported; empty when it said "ok". */
export function checkProblems(rows: Rows): string[] {
  const lines = rows.map((row) => String(Object.values(row)[0] ?? ""));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines.slice(0, CHECK_LINES);
}

/**
 * Runs a check pragma through `all`; a check SQLite cannot finish because the file is damaged counts as a failed
 * check (its own error is one of the problems), anything else is thrown.
 */
export async function runCheck(all: (sql: string) => Rows | Promise<Rows>, query: string): Promise<string[]> {
  try {
    return checkProblems(await all(query));
  } catch (error) {
    return unfinishedCheck(error);
  }
}

/** runCheck for a synchronous client. */
export function runCheckSync(all: (sql: string) => Rows, query: string): string[] {
  try {
    return checkProblems(all(query));
  } catch (error) {
    return unfinishedCheck(error);
  }
}

function unfinishedCheck(error: unknown): string[] {
  const fault = storeFaultOf(error);
  if (fault !== "corrupt" && fault !== "not-a-database") throw error;
  return ["SQLite could not finish the check: the file is malformed"];
}

export const QUICK_CHECK_SQL = `pragma quick_check(${CHECK_LINES})`;
export const INTEGRITY_CHECK_SQL = `pragma integrity_check(${CHECK_LINES})`;

/** The sentence that refuses a write to a damaged store. */
export function damagedRefusal(location: string, problems: readonly string[]): WriteRefusal {
  const first = problems[0] ? `: ${shortForTerminal(problems[0], 160)}` : "";
  return {
    kind: "damaged",
    message: `the store ${shortForTerminal(location, 160)} is damaged (integrity check failed${first}), so this change was not saved`,
    hint: "copy what can be read into a new store with `keel store recover <new file>`; `keel store check` re-checks it",
  };
}

/** After a failed operation: SQLite reporting a damaged file leaves the marker, so later opens refuse writes. */
export function noteDamage(store: Pick<Store, "location">, error: unknown): void {
  if (storeFaultOf(error) !== "corrupt" || isRemoteLocation(store.location) || !existsSync(store.location))
    return;
  markDamaged(store.location, ["SQLite reported the file damaged during an operation"]);
}

const isRemoteLocation = (location: string) => /^(libsql|https?|wss?):\/\//i.test(location);
