// The three direct lookups over a rendered branch: list entries, grep lines, show one entry.
// Each result is bounded (page size and character budget) and carries a cursor to continue; attribution
// comes from the transcript's line-range index, never from the rendered text.
import type { Result } from "../../core/result.ts";
import { type LineHits, SEARCH_BUDGET_MS, searchLines } from "../../core/search/search-lines.ts";
import { clipLine, entryAtLine, type Transcript, type TranscriptEntry } from "./transcript.ts";
import type {
  EntriesPage,
  EntryPage,
  EntrySummary,
  GrepMatch,
  GrepPage,
  LookupEntriesParams,
  LookupEntryParams,
  LookupGrepParams,
} from "./types.ts";

/** Characters a grep page may hold before it stops early. */
export const GREP_PAGE_CHARS = 12_000;
/** Characters a single grep line (match or context) may show; show the entry for the rest. */
export const GREP_LINE_CHARS = 400;
const LIST_PAGE_CHARS = 12_000;

const clamp = (value: number | undefined, fallback: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.floor(value ?? fallback)));

function readCursor(cursor: string | undefined, prefix: string): Result<number[]> {
  if (cursor === undefined || cursor === "") return { ok: true, value: [] };
  const match = new RegExp(`^${prefix}:(\\d+)(?::(\\d+))?$`).exec(cursor);
  if (!match)
    return { ok: false, reason: `cursor "${cursor}" does not belong to this lookup; start without one` };
  return { ok: true, value: [Number(match[1]), Number(match[2] ?? 0)] };
}

/** The entry's first line of text; for a turn that only calls tools (its arguments are not text), the calls. */
function preview(transcript: Transcript, entry: TranscriptEntry, max: number): string {
  for (let line = entry.start + 1; line < entry.end; line++) {
    const text = transcript.lines[line]!.trim();
    if (text.startsWith("[toolCall]")) break;
    if (text !== "" && !/^\[[\w ]+\]/.test(text)) return clipLine(text, max);
  }
  return entry.calls === "" ? "" : clipLine(`calls: ${entry.calls}`, max);
}

export function lookupEntries(transcript: Transcript, params: LookupEntriesParams = {}): Result<EntriesPage> {
  const cursor = readCursor(params.cursor, "e");
  if (!cursor.ok) return cursor;
  const limit = clamp(params.limit, 50, 1, 200);
  const previewChars = clamp(params.previewChars, 160, 0, 1000);
  const out: EntrySummary[] = [];
  let chars = 0;
  let next = cursor.value[0] ?? 0;
  for (; next < transcript.entries.length && out.length < limit; next++) {
    const entry = transcript.entries[next]!;
    if (params.role && entry.role !== params.role) continue;
    const summary: EntrySummary = {
      id: entry.id,
      role: entry.role,
      detail: entry.detail,
      timestamp: entry.timestamp,
      lines: entry.end - entry.start,
      chars: entry.chars,
      preview: preview(transcript, entry, previewChars),
    };
    const size = JSON.stringify(summary).length;
    if (out.length > 0 && chars + size > LIST_PAGE_CHARS) break;
    out.push(summary);
    chars += size;
  }
  const total = params.role
    ? transcript.entries.filter((e) => e.role === params.role).length
    : transcript.entries.length;
  return {
    ok: true,
    value: { entries: out, total, nextCursor: next < transcript.entries.length ? `e:${next}` : null },
  };
}

/** Searches the branch's lines off this thread (linear-time engine, time budget); pages by matches and characters. */
export async function lookupGrep(
  transcript: Transcript,
  params: LookupGrepParams,
): Promise<Result<GrepPage>> {
  const cursor = readCursor(params.cursor, "g");
  if (!cursor.ok) return cursor;
  let from = 0;
  let to = transcript.lines.length;
  if (params.entryId !== undefined) {
    const position = transcript.positionOf.get(params.entryId);
    if (position === undefined) return { ok: false, reason: `no entry ${params.entryId} on this branch` };
    from = transcript.entries[position]!.start;
    to = transcript.entries[position]!.end;
  }
  from = Math.max(from, cursor.value[0] ?? 0);
  const before = clamp(params.before, 2, 0, 50);
  const after = clamp(params.after, 6, 0, 50);
  const maxMatches = clamp(params.maxMatches, 15, 1, 100);
  const query = {
    pattern: params.pattern,
    literal: params.regex === false,
    caseSensitive: params.caseSensitive,
  };
  const found = await searchLines(transcript.lines, query, { from, to, maxHits: maxMatches });
  if (!found.ok) return found;
  const matches: GrepMatch[] = [];
  let chars = 0;
  const next = found.value.next;
  for (const line of found.value.hits) {
    const match = buildMatch(transcript, line, before, after);
    const size = JSON.stringify(match).length;
    if (matches.length > 0 && chars + size > GREP_PAGE_CHARS) {
      return { ok: true, value: { matches, nextCursor: `g:${line}`, truncated: true } };
    }
    matches.push(match);
    chars += size;
  }
  const page: GrepPage = { matches, nextCursor: next === null ? null : `g:${next}`, truncated: false };
  const note = budgetNote(transcript, found.value);
  return { ok: true, value: note ? { ...page, note } : page };
}

/** What a search cut by its time budget tells the caller: where it stopped and any line passed over. */
function budgetNote(transcript: Transcript, found: LineHits): string | undefined {
  if (found.stopped !== "budget") return undefined;
  const skipped =
    found.skipped === null
      ? ""
      : ` Line ${found.skipped - entryAtLine(transcript, found.skipped)!.start + 1} of entry ${entryAtLine(transcript, found.skipped)!.id} took the whole budget and was passed over.`;
  return `The search stopped at its time budget (${SEARCH_BUDGET_MS} ms); continue with the cursor.${skipped}`;
}

function buildMatch(transcript: Transcript, line: number, before: number, after: number): GrepMatch {
  const entry = entryAtLine(transcript, line)!;
  const slice = (a: number, b: number) =>
    transcript.lines.slice(a, b).map((text) => clipLine(text, GREP_LINE_CHARS));
  return {
    entryId: entry.id,
    role: entry.role,
    timestamp: entry.timestamp,
    lineInEntry: line - entry.start + 1,
    text: clipLine(transcript.lines[line]!, GREP_LINE_CHARS),
    before: slice(Math.max(entry.start, line - before), line),
    after: slice(line + 1, Math.min(entry.end, line + 1 + after)),
  };
}

export function lookupEntry(transcript: Transcript, params: LookupEntryParams): Result<EntryPage> {
  const position = transcript.positionOf.get(params.id);
  if (position === undefined) return { ok: false, reason: `no entry ${params.id} on this branch` };
  const entry = transcript.entries[position]!;
  const cursor = readCursor(params.cursor, "s");
  if (!cursor.ok) return cursor;
  const maxLines = clamp(params.maxLines, 400, 1, 2000);
  const maxChars = clamp(params.maxChars, 24_000, 200, 100_000);
  const total = entry.end - entry.start;
  const startLine = Math.min(cursor.value[0] ?? 0, total);
  const startChar = cursor.value[1] ?? 0;
  const parts: string[] = [];
  let budget = maxChars;
  let line = startLine;
  let char = startChar;
  while (line < total && parts.length < maxLines && budget > 0) {
    const text = transcript.lines[entry.start + line]!;
    const rest = text.length - char;
    if (rest + 1 > budget && parts.length > 0) break;
    if (rest > budget) {
      parts.push(text.slice(char, char + budget));
      char += budget;
      budget = 0;
      break;
    }
    parts.push(char > 0 ? text.slice(char) : text);
    budget -= rest + 1;
    line++;
    char = 0;
  }
  const done = line >= total;
  return {
    ok: true,
    value: {
      id: entry.id,
      role: entry.role,
      timestamp: entry.timestamp,
      totalLines: total,
      fromLine: startLine + 1,
      fromChar: startChar,
      text: parts.join("\n"),
      nextCursor: done ? null : `s:${line}:${char}`,
    },
  };
}
