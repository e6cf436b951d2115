// Pure summary of one pi session JSONL, fed line by line: header fields, entry counts, compaction ids, name.
// It never throws on bad input; problems become warnings (bad lines) or an error (not a session file).
// Reading the file is left to session-files.ts.

/** What a pi session file says about itself, without the conversation. */
export interface SessionContent {
  sessionId: string | null;
  cwd: string | null;
  /** The header's ISO timestamp, as written. */
  startedAt: string | null;
  version: number | null;
  parentSession?: string;
  /** Display name from the latest `session_info` entry, if any. */
  name?: string;
  /** Entries after the header, valid or not. */
  entries: number;
  /** Ids of `compaction` entries, in file order. */
  compactionEntryIds: string[];
  /** Recoverable problems: malformed lines, an incomplete last line. */
  warnings: string[];
  /** Set when the file is not a usable pi session (empty, or no session header). */
  error?: string;
}

/** One line as read from disk; `terminated` is false only for a last line without its newline. */
export interface SessionLine {
  text: string;
  terminated: boolean;
}

export interface SessionScan {
  content: SessionContent;
  lineNumber: number;
  sawHeader: boolean;
  malformed: number[];
}

const MAX_LISTED_BAD_LINES = 5;

/** What a file says before any line is read: nothing known yet. */
export function emptySessionContent(): SessionContent {
  return {
    sessionId: null,
    cwd: null,
    startedAt: null,
    version: null,
    entries: 0,
    compactionEntryIds: [],
    warnings: [],
  };
}

export function startSessionScan(): SessionScan {
  return {
    content: emptySessionContent(),
    lineNumber: 0,
    sawHeader: false,
    malformed: [],
  };
}

/** Feeds one line into the scan. Blank lines are skipped, as pi skips them. */
export function scanSessionLine(scan: SessionScan, line: SessionLine): void {
  scan.lineNumber += 1;
  const text = line.text.trim();
  if (text === "") return;
  const value = parseObject(text);
  if (!scan.sawHeader) {
    scan.sawHeader = true;
    readHeader(scan.content, value, scan.lineNumber);
    return;
  }
  scan.content.entries += 1;
  if (value === undefined) {
    if (line.terminated) scan.malformed.push(scan.lineNumber);
    else
      scan.content.warnings.push(`the last line (${scan.lineNumber}) is incomplete: pi may still be writing`);
    return;
  }
  readEntry(scan.content, value);
}

/** Closes the scan and returns the summary. */
export function finishSessionScan(scan: SessionScan): SessionContent {
  const content = scan.content;
  if (!scan.sawHeader && content.error === undefined) content.error = "empty file: no session header";
  if (scan.malformed.length > 0) content.warnings.unshift(describeMalformed(scan.malformed));
  return content;
}

/** Convenience for whole texts (tests, small files): same rules as the streaming path. */
export function summarizeSessionText(text: string): SessionContent {
  const scan = startSessionScan();
  const parts = text.split("\n");
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (last && part === "") return;
    scanSessionLine(scan, { text: part, terminated: !last });
  });
  return finishSessionScan(scan);
}

function readHeader(content: SessionContent, value: Record<string, unknown> | undefined, line: number): void {
  if (value === undefined) {
    content.error = `line ${line} is not JSON: not a pi session file`;
    return;
  }
  if (value.type !== "session") {
    content.error = `the first entry has type ${JSON.stringify(value.type ?? null)}, not "session": not a pi session file`;
    return;
  }
  content.sessionId = stringOrNull(value.id);
  content.cwd = stringOrNull(value.cwd);
  content.startedAt = stringOrNull(value.timestamp);
  content.version = typeof value.version === "number" ? value.version : null;
  if (typeof value.parentSession === "string") content.parentSession = value.parentSession;
  if (content.sessionId === null) content.warnings.push("the session header has no id");
}

function readEntry(content: SessionContent, value: Record<string, unknown>): void {
  if (value.type === "compaction") {
    content.compactionEntryIds.push(typeof value.id === "string" ? value.id : "");
  } else if (value.type === "session_info") {
    const name = typeof value.name === "string" ? value.name.trim() : "";
    if (name === "") delete content.name;
    else content.name = name;
  }
}

function describeMalformed(lines: number[]): string {
  const shown = lines.slice(0, MAX_LISTED_BAD_LINES).join(", ");
  const more = lines.length > MAX_LISTED_BAD_LINES ? ` and ${lines.length - MAX_LISTED_BAD_LINES} more` : "";
  const noun = lines.length === 1 ? "line is" : "lines are";
  return `${lines.length} ${noun} not valid JSON (line ${shown}${more})`;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
