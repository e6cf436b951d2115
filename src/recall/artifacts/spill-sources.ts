// What spilled each stored artifact: the tool result in its origin session's file whose details carry the
// artifact record (tool, what it was run on, the entry and when). Reads only the files of the sessions asked
// about, skips lines that cannot hold a record before parsing them, and remembers each file's answer by its
// size and modification time so an unchanged file is read once.
import { describeError } from "../../core/errors.ts";
import { readLines, type SessionFileSummary } from "../../session/session-files.ts";
import { ARTIFACT_DETAILS_KEY, artifactRecordOf } from "./record.ts";

export interface SpillSource {
  sha256: string;
  tool: string;
  /** What the tool was run on, as the spill labelled it (a path, a pattern). */
  source: string;
  /** The tool-result entry that carries the record. */
  entryId: string;
  timestamp: string | null;
}

/** Per session file: its stamp when read and the spills found in it (or why it could not be read). */
export type SpillSourceCache = Map<string, { stamp: string; spills: SpillSource[]; error?: string }>;

/** Files kept in the cache at most; the oldest entries are dropped first. */
const CACHE_FILES = 256;
const NEEDLE = `"${ARTIFACT_DETAILS_KEY}"`;

export interface SpillSources {
  /** By artifact hash; the first entry that carries a record wins. */
  bySha: Map<string, SpillSource>;
  /** Session files that could not be read, one line each. */
  problems: string[];
}

/** The spills recorded in these session files. */
export async function spillSourcesIn(
  files: readonly Pick<SessionFileSummary, "path" | "sizeBytes" | "modifiedAt">[],
  cache: SpillSourceCache,
): Promise<SpillSources> {
  const found: SpillSources = { bySha: new Map(), problems: [] };
  for (const file of files) {
    const read = await spillsOfFile(file, cache);
    if (read.error) found.problems.push(`cannot read ${file.path}: ${read.error}`);
    for (const spill of read.spills) if (!found.bySha.has(spill.sha256)) found.bySha.set(spill.sha256, spill);
  }
  return found;
}

async function spillsOfFile(
  file: Pick<SessionFileSummary, "path" | "sizeBytes" | "modifiedAt">,
  cache: SpillSourceCache,
): Promise<{ spills: SpillSource[]; error?: string }> {
  const stamp = `${file.sizeBytes}:${file.modifiedAt}`;
  const kept = cache.get(file.path);
  if (kept?.stamp === stamp) return kept;
  const spills: SpillSource[] = [];
  let error: string | undefined;
  try {
    for await (const line of readLines(file.path)) {
      if (!line.text.includes(NEEDLE)) continue;
      const spill = spillOfLine(line.text);
      if (spill) spills.push(spill);
    }
  } catch (failure) {
    error = describeError(failure);
  }
  const read = { stamp, spills, ...(error ? { error } : {}) };
  cache.delete(file.path);
  cache.set(file.path, read);
  while (cache.size > CACHE_FILES) cache.delete(cache.keys().next().value as string);
  return read;
}

/** The spill a tool-result line records, or undefined for any other line (or one that is not JSON). */
function spillOfLine(text: string): SpillSource | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (failure) {
    if (failure instanceof SyntaxError) return undefined;
    throw failure;
  }
  const entry = value as { type?: unknown; id?: unknown; timestamp?: unknown; message?: unknown };
  if (entry?.type !== "message" || typeof entry.id !== "string") return undefined;
  const message = entry.message as { role?: unknown; details?: unknown } | null | undefined;
  if (message?.role !== "toolResult") return undefined;
  const record = artifactRecordOf(message.details);
  if (!record) return undefined;
  return {
    sha256: record.sha256,
    tool: record.tool,
    source: record.source,
    entryId: entry.id,
    timestamp: typeof entry.timestamp === "string" ? entry.timestamp : null,
  };
}
