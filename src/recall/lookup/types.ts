// Parameter and result types of the lookup tools (keel_entries, keel_grep, keel_entry): plain JSON data,
// with opaque string cursors for continuation. Limits are clamped by the functions, never trusted as given.

export interface LookupEntriesParams {
  /** Continue from a previous page's `nextCursor`. */
  cursor?: string;
  /** Entries per page (default 50, at most 200). */
  limit?: number;
  /** Only entries with this role (user, assistant, toolResult, compaction, …). */
  role?: string;
  /** Characters of preview per entry (default 160, at most 1000). */
  previewChars?: number;
}

export interface EntrySummary {
  id: string;
  role: string;
  detail: string;
  timestamp: string;
  lines: number;
  chars: number;
  preview: string;
}

export interface EntriesPage {
  entries: EntrySummary[];
  total: number;
  nextCursor: string | null;
}

export interface LookupGrepParams {
  pattern: string;
  /** Treat the pattern as a regular expression in RE2 syntax (default true); false searches for the literal text. */
  regex?: boolean;
  caseSensitive?: boolean;
  /** Context lines before and after each match, kept inside the matching entry (defaults 2 and 6, at most 50). */
  before?: number;
  after?: number;
  /** Matches per page (default 15, at most 100). */
  maxMatches?: number;
  /** Restrict the search to one entry. */
  entryId?: string;
  cursor?: string;
}

export interface GrepMatch {
  entryId: string;
  role: string;
  timestamp: string;
  /** 1-based line within the entry's rendered text (line 1 is the ENTRY header). */
  lineInEntry: number;
  text: string;
  before: string[];
  after: string[];
}

export interface GrepPage {
  matches: GrepMatch[];
  /** Set when more lines remain to search; pass it back as `cursor`. */
  nextCursor: string | null;
  /** True when the page stopped at its character budget rather than its match count. */
  truncated: boolean;
  /** Set when the search stopped at its time budget: where it stopped, and any line passed over. */
  note?: string;
}

export interface LookupEntryParams {
  id: string;
  cursor?: string;
  /** Lines per page (default 400, at most 2000). */
  maxLines?: number;
  /** Characters per page (default 24000, at most 100000); a longer line is shown in windows. */
  maxChars?: number;
}

export interface EntryPage {
  id: string;
  role: string;
  timestamp: string;
  totalLines: number;
  /** 1-based line the page starts at, and the character offset inside it. */
  fromLine: number;
  fromChar: number;
  text: string;
  nextCursor: string | null;
}
