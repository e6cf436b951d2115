// Scope audit: how much the working tree changed against a baseline commit (tracked and staged files by
// git numstat, plus a bounded read of untracked files), judged ok / warn / hard against thresholds.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { gitText } from "../../core/git.ts";
import { fail, ok, type Result } from "../../core/result.ts";

export interface ScopeThresholds {
  warnLines: number;
  hardLines: number;
  warnFiles: number;
  hardFiles: number;
}

export const DEFAULT_SCOPE: ScopeThresholds = {
  warnLines: 400,
  hardLines: 1200,
  warnFiles: 12,
  hardFiles: 30,
};
export const UNTRACKED_BOUNDS = { files: 1000, bytesPerFile: 1 << 20, totalBytes: 8 << 20 };

export interface ScopeReport {
  baseline: string;
  files: number;
  added: number;
  removed: number;
  /** True when the untracked scan stopped early: the counts are lower bounds. */
  bounded: boolean;
  verdict: "ok" | "warn" | "hard";
  changed: Array<{ path: string; added: number; removed: number; untracked?: true }>;
  /** Files keel itself wrote, left out of the counts, each with what it is. */
  leftOut: Array<{ path: string; what: string }>;
}

/** Paths keel writes into a project: they are not the agent's change. */
const KEEL_WRITES: Readonly<Record<string, string>> = {
  ".pi/settings.json": "pi's project settings, where `keel install` registers keel's extension",
};

export function resolveBaseline(cwd: string, ref = "HEAD"): Result<string> {
  try {
    return ok(gitText(cwd, ["rev-parse", "--verify", `${ref}^{commit}`]).trim());
  } catch {
    return fail(`no commit named "${ref}" in ${cwd}`);
  }
}

export function auditScope(
  cwd: string,
  baseline: string,
  thresholds: ScopeThresholds = DEFAULT_SCOPE,
): ScopeReport {
  const changed: ScopeReport["changed"] = [];
  for (const line of gitText(cwd, ["diff", "--numstat", "-z", baseline]).split("\0")) {
    const match = /^(\d+|-)\t(\d+|-)\t(.+)$/.exec(line);
    if (match) changed.push({ path: match[3] as string, added: num(match[1]), removed: num(match[2]) });
  }
  const untracked = countUntracked(cwd, thresholds.hardLines);
  changed.push(...untracked.files);
  const leftOut = changed
    .filter((c) => KEEL_WRITES[c.path])
    .map((c) => ({ path: c.path, what: KEEL_WRITES[c.path] ?? "" }));
  if (leftOut.length > 0) changed.splice(0, changed.length, ...changed.filter((c) => !KEEL_WRITES[c.path]));
  const added = changed.reduce((sum, c) => sum + c.added, 0);
  const removed = changed.reduce((sum, c) => sum + c.removed, 0);
  const lines = added + removed;
  let verdict: ScopeReport["verdict"] =
    lines >= thresholds.hardLines || changed.length >= thresholds.hardFiles
      ? "hard"
      : lines >= thresholds.warnLines || changed.length >= thresholds.warnFiles
        ? "warn"
        : "ok";
  if (untracked.bounded && verdict === "ok") verdict = "warn";
  return {
    baseline,
    files: changed.length,
    added,
    removed,
    bounded: untracked.bounded,
    verdict,
    changed,
    leftOut,
  };
}

const num = (text: string | undefined) => (text === undefined || text === "-" ? 0 : Number(text));

function countUntracked(cwd: string, stopAtLines: number) {
  const paths = gitText(cwd, ["ls-files", "--others", "--exclude-standard", "-z"])
    .split("\0")
    .filter(Boolean);
  const files: ScopeReport["changed"] = [];
  let bytes = 0;
  let lines = 0;
  let bounded = paths.length > UNTRACKED_BOUNDS.files;
  for (const path of paths.slice(0, UNTRACKED_BOUNDS.files)) {
    if (bytes >= UNTRACKED_BOUNDS.totalBytes || lines >= stopAtLines) {
      bounded = true;
      break;
    }
    const counted = countLines(join(cwd, path), UNTRACKED_BOUNDS.bytesPerFile);
    bytes += counted.bytes;
    lines += counted.lines;
    bounded ||= counted.cut;
    files.push({ path, added: counted.lines, removed: 0, untracked: true });
  }
  return { files, bounded };
}

/** Newlines in the first `limit` bytes; a binary file (NUL byte) counts as zero lines. */
function countLines(file: string, limit: number): { lines: number; bytes: number; cut: boolean } {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.min(size, limit));
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  if (buffer.includes(0)) return { lines: 0, bytes: buffer.length, cut: false };
  let lines = 0;
  for (const byte of buffer) if (byte === 10) lines++;
  if (buffer.length > 0 && buffer[buffer.length - 1] !== 10) lines++;
  return { lines, bytes: buffer.length, cut: size > limit };
}
