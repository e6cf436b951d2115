// The data behind the UI's session page: one pi session file read whole, shown as a timeline of entries (all
// branches, compactions as boundaries, a text search within it, one page at a time) with the protected items
// of its current branch and every verification keel wrote. Finding the file by id is listSessionFiles' job.
import { compactionDetailsOf } from "../compact/details.ts";
import type { TokensAfter } from "../compact/tokens-after.ts";
import { ok, type Result } from "../core/result.ts";
import { searchLines } from "../core/search/search-lines.ts";
import { VERIFIED_TYPE } from "../protect/lifecycle.ts";
import { loadProtectState } from "../protect/load.ts";
import {
  type DiscoveryLifecycle,
  type ItemKind,
  type ItemOrigin,
  itemOrigin,
  type VerificationSummary,
} from "../protect/types.ts";
import { isCustomEntry } from "../session/custom-entries.ts";
import { asRecord, type BranchEntry, numberField, stringField } from "../session/entries.ts";
import type { ParsedSession } from "../session/parse.ts";
import { readSessionFile } from "../session/read-session.ts";
import { entryDetail, entryRole, renderEntryLines } from "../session/render-text.ts";
import {
  listSessionFiles,
  refreshSessionFile,
  type SessionFileSummary,
  type SessionSummaryCache,
} from "../session/session-files.ts";
import type { SessionFolderCache } from "../session/session-folders.ts";
import { currentBranch } from "./branch-memo.ts";
import { rememberForParse } from "./parse-memo.ts";
import { findByRouteKey } from "./session-route.ts";

export const TIMELINE_PAGE = 200;
const PREVIEW_CHARS = 240;
const QUERY_CHARS = 200;

export interface TimelineEntry {
  id: string;
  parentId: string | null;
  type: string;
  role: string;
  detail: string;
  timestamp: string | null;
  preview: string;
  onBranch: boolean;
  /** Set on compaction entries: the boundary the timeline draws. */
  compaction?: { strategy: string; tokensBefore: number | null };
}

export interface SessionCompaction {
  id: string;
  timestamp: string | null;
  strategy: string;
  tokensBefore: number | null;
  /** The figure keel recorded (recorded-tokens.ts), null when the caller gave none. */
  tokensAfter: TokensAfter | null;
  summaryChars: number;
  firstKeptEntryId: string | null;
  verification: VerificationSummary | null;
}

export interface SessionProtectedItem {
  id: string;
  kind: ItemKind;
  critical: boolean;
  content: string;
  origin: ItemOrigin;
  lifecycle: DiscoveryLifecycle | null;
}

export interface SessionView {
  file: SessionFileSummary;
  leafId: string | null;
  /** Entries with two or more children: where the session branched. */
  branchPoints: number;
  leaves: number;
  problems: string[];
  compactions: SessionCompaction[];
  protect: {
    items: SessionProtectedItem[];
    source: string;
    warning: string | null;
    verifications: VerificationSummary[];
  };
  timeline: {
    query: string;
    offset: number;
    total: number;
    entries: TimelineEntry[];
    /** Set when the search was cut by its time budget or could not run. */
    note: string | null;
  };
  /** Changes whenever pi writes to the file: what the live script polls for. */
  version: string;
}

export interface FindSessionSources {
  sessionDirs: readonly string[];
  cache?: SessionSummaryCache;
  folders?: SessionFolderCache;
}

/**
 * The listed session file with this route key, or undefined. Files already read are matched as they were read
 * (a file's session id does not change), and only the one found is looked at again, so a page does not stat every
 * session file; the folders are read again whenever a file was added or removed.
 */
export async function findSessionFile(
  sources: FindSessionSources,
  routeKey: string,
): Promise<SessionFileSummary | undefined> {
  const options = { cache: sources.cache, folders: sources.folders, restat: false };
  const listing = await listSessionFiles(sources.sessionDirs, options);
  const found = findByRouteKey(listing.sessions, routeKey);
  return found && refreshSessionFile(found, sources.cache);
}

/** A stamp of the file's size and modification time. */
export const fileVersion = (file: Pick<SessionFileSummary, "sizeBytes" | "modifiedAt">): string =>
  `${file.sizeBytes}-${Math.trunc(file.modifiedAt)}`;

/** The few most recently viewed sessions, parsed, keyed by path and checked against the file's version. */
export type ParsedSessionCache = Map<string, { version: string; session: ParsedSession }>;
const PARSED_KEPT = 2;

/** Reads and parses the file, or reuses the parse while the file is unchanged. */
export async function loadSession(
  file: Pick<SessionFileSummary, "path" | "sizeBytes" | "modifiedAt">,
  cache?: ParsedSessionCache,
): Promise<Result<ParsedSession>> {
  const version = fileVersion(file);
  const kept = cache?.get(file.path);
  if (kept?.version === version) return ok(kept.session);
  const read = await readSessionFile(file.path);
  if (!read.ok) return read;
  if (cache) {
    cache.delete(file.path);
    cache.set(file.path, { version, session: read.value.session });
    while (cache.size > PARSED_KEPT) cache.delete(cache.keys().next().value as string);
  }
  return ok(read.value.session);
}

/** The timeline's search result: indexes of matching entries (null: no query), and any note about it. */
export interface TimelineSearch {
  query: string;
  indexes: number[] | null;
  note: string | null;
}

/** The timeline search: the query as literal text (any case) in each entry's text, off this thread, time-bounded. */
export async function searchTimeline(
  session: ParsedSession,
  rawQuery: string | undefined,
): Promise<TimelineSearch> {
  const query = (rawQuery ?? "").trim().slice(0, QUERY_CHARS);
  if (query === "") return { query, indexes: null, note: null };
  const texts = session.entries.map(entryText);
  const found = await searchLines(
    texts,
    { pattern: query, literal: true },
    { from: 0, to: texts.length, maxHits: texts.length },
  );
  if (!found.ok) return { query, indexes: [], note: found.reason };
  const searched = found.value.next ?? texts.length;
  const note =
    found.value.stopped === "budget"
      ? `The search stopped at its time budget after ${searched} of ${texts.length} entries.`
      : null;
  return { query, indexes: found.value.hits, note };
}

export function buildSessionView(
  file: SessionFileSummary,
  session: ParsedSession,
  options: {
    search?: TimelineSearch;
    offset?: number;
    now?: string;
    timeline?: boolean;
    tokensAfter?: ReadonlyMap<string, TokensAfter>;
    leafId?: string;
  } = {},
): SessionView {
  const branch = currentBranch(session, options.leafId);
  const shape = rememberForParse(session, "session-shape", () => shapeOf(session.entries));
  const loaded = loadProtectState(
    branch.ok ? branch.value.entries : [],
    options.now ?? new Date().toISOString(),
  );
  const indexes = options.search?.indexes ?? null;
  const matching = indexes ? indexes.map((i) => session.entries[i]!) : session.entries;
  const offset = clampOffset(options.offset ?? 0, matching.length);
  return {
    file,
    leafId: branch.ok ? branch.value.leafId : null,
    branchPoints: shape.branchPoints,
    leaves: shape.leaves,
    problems: session.problems.slice(0, 20).map((p) => p.message),
    compactions: shape.compactions.map((c) => ({
      ...c,
      tokensAfter: options.tokensAfter?.get(c.id) ?? null,
    })),
    protect: {
      items: loaded.state.items.map((item) => ({
        ...item,
        origin: itemOrigin(loaded.state, item.id),
        lifecycle: loaded.state.discoveryLifecycle[item.id] ?? null,
      })),
      source: loaded.source,
      warning: loaded.warning ?? null,
      verifications: shape.verifications,
    },
    timeline: {
      query: options.search?.query ?? "",
      note: options.search?.note ?? null,
      offset,
      total: matching.length,
      entries:
        options.timeline === false
          ? []
          : timelinePage(matching.slice(offset, offset + TIMELINE_PAGE), branch),
    },
    version: fileVersion(file),
  };
}

function clampOffset(offset: number, total: number): number {
  if (!Number.isFinite(offset) || offset < 0) return 0;
  return Math.min(Math.trunc(offset), Math.max(0, total - 1));
}

/** What a parse says whatever the request: branch points, leaves, compactions and verifications (remembered). */
function shapeOf(entries: readonly BranchEntry[]) {
  const children = new Map<string, number>();
  for (const entry of entries)
    if (entry.parentId) children.set(entry.parentId, (children.get(entry.parentId) ?? 0) + 1);
  const verifications = verificationsOf(entries);
  return {
    branchPoints: [...children.values()].filter((n) => n > 1).length,
    leaves: entries.filter((e) => !children.has(e.id)).length,
    verifications,
    compactions: entries
      .filter((e) => e.type === "compaction")
      .map((e) => compactionOf(e, verifications, null)),
  };
}

/** The timeline's rows for one page, each marked whether it lies on the shown branch. */
function timelinePage(
  entries: readonly BranchEntry[],
  branch: ReturnType<typeof currentBranch>,
): TimelineEntry[] {
  if (entries.length === 0) return [];
  const onBranch = new Set(branch.ok ? branch.value.entries.map((e) => e.id) : []);
  return entries.map((e) => timelineEntry(e, onBranch));
}

/** Every `keel.protect.verified` entry's summary, in file order. */
export function verificationsOf(entries: readonly BranchEntry[]): VerificationSummary[] {
  const found: VerificationSummary[] = [];
  for (const entry of entries) {
    if (!isCustomEntry(entry, VERIFIED_TYPE)) continue;
    const data = asRecord(entry.data);
    if (!data || typeof data.compactionId !== "string") continue;
    found.push({
      compactionId: data.compactionId,
      at: typeof data.at === "string" ? data.at : (entry.timestamp ?? ""),
      preserved: Number(data.preserved) || 0,
      lost: Number(data.lost) || 0,
      criticalFailures: Number(data.criticalFailures) || 0,
      lostIds: stringList(data.lostIds),
      recoveredIds: stringList(data.recoveredIds),
    });
  }
  return found;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

function compactionOf(
  entry: BranchEntry,
  verifications: readonly VerificationSummary[],
  tokensAfter: TokensAfter | null,
): SessionCompaction {
  const record = entry as unknown as Record<string, unknown>;
  return {
    id: entry.id,
    timestamp: entry.timestamp ?? null,
    strategy: compactionDetailsOf(entry as never).strategy,
    tokensBefore: numberField(record, "tokensBefore") ?? null,
    tokensAfter,
    summaryChars: (stringField(record, "summary") ?? "").length,
    firstKeptEntryId: stringField(record, "firstKeptEntryId") ?? null,
    verification: verifications.findLast((v) => v.compactionId === entry.id) ?? null,
  };
}

/** An entry's text as lookup renders it, without the header line. */
export function entryText(entry: BranchEntry): string {
  return renderEntryLines(entry).slice(1).join("\n");
}

export function previewOf(entry: BranchEntry, chars = PREVIEW_CHARS): string {
  const text = entryText(entry).replace(/\s+/g, " ").trim();
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

function timelineEntry(entry: BranchEntry, onBranch: ReadonlySet<string>): TimelineEntry {
  const isCompaction = entry.type === "compaction";
  return {
    id: entry.id,
    parentId: entry.parentId ?? null,
    type: String(entry.type),
    role: entryRole(entry),
    detail: entryDetail(entry),
    timestamp: entry.timestamp ?? null,
    preview: previewOf(entry),
    onBranch: onBranch.has(entry.id),
    ...(isCompaction
      ? {
          compaction: {
            strategy: compactionDetailsOf(entry as never).strategy,
            tokensBefore: numberField(entry, "tokensBefore") ?? null,
          },
        }
      : {}),
  };
}
