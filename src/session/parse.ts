// Pure, incremental parsing of pi session JSONL: feed it lines, get the header, the entries and the problems.
// Bad input never throws: corrupt lines, a truncated last line, unknown entry types and duplicate ids become
// problems with line numbers. Older formats are read the way pi reads them (migrate.ts). Reading the file is left
// to read-session.ts; walking the tree to branch.ts, its unconnected parts to parts.ts.
import { boundedJson } from "../core/bounded-json.ts";
import type { Result } from "../core/result.ts";
import { asRecord, type BranchEntry, KNOWN_ENTRY_TYPES, type SessionHeader } from "./entries.ts";
import { checkHeader } from "./header-schema.ts";
import { CURRENT_FORMAT_VERSION, type Migration, migrationFor } from "./migrate.ts";

export type ProblemKind =
  | "corrupt-line"
  | "truncated-line"
  | "unknown-type"
  | "missing-id"
  | "duplicate-id"
  | "missing-header"
  | "invalid-header"
  | "missing-parent"
  | "cycle"
  | "missing-entry"
  | "extra-header"
  | "unconnected-parts"
  | "newer-format";

export interface SessionProblem {
  kind: ProblemKind;
  /** 1-based line number in the file, when the problem belongs to one line. */
  line?: number;
  entryId?: string;
  message: string;
}

export interface ParsedSession {
  header: SessionHeader | null;
  /** The format version the header states (1 when absent); older formats are migrated as pi does. */
  formatVersion: number;
  /** Entries in file order (the header excluded). */
  entries: BranchEntry[];
  byId: Map<string, BranchEntry>;
  /** Where each entry sits in the file, for messages that point at a line. */
  lineOf: Map<string, number>;
  problems: SessionProblem[];
  /** Problems found, including those not kept in `problems` (which holds at most MAX_PROBLEMS). */
  problemCount: number;
  lines: number;
  chars: number;
}

export const MAX_PROBLEMS = 200;

export interface SessionParser {
  /** One line of the file without its newline; `terminated` is false for a last line missing its newline. */
  push(text: string, lineNumber: number, terminated: boolean): void;
  finish(): ParsedSession;
}

export function createSessionParser(): SessionParser {
  const session: ParsedSession = {
    header: null,
    formatVersion: 3,
    entries: [],
    byId: new Map(),
    lineOf: new Map(),
    problems: [],
    problemCount: 0,
    lines: 0,
    chars: 0,
  };
  let migration: Migration = migrationFor(null);
  /** pi's index of the next parsed entry (header = 0; blank, broken and falsy lines are not counted). */
  let piIndex = 0;
  const report = (problem: SessionProblem) => {
    session.problemCount++;
    if (session.problems.length < MAX_PROBLEMS) session.problems.push(problem);
  };
  const addEntry = (entry: BranchEntry, lineNumber: number) => {
    const id = entry.id;
    if (session.byId.has(id)) {
      report({
        kind: "duplicate-id",
        line: lineNumber,
        entryId: id,
        message: `entry ${id} appears again on line ${lineNumber}; the later copy wins`,
      });
    }
    if (!KNOWN_ENTRY_TYPES.has(entry.type)) {
      report({
        kind: "unknown-type",
        line: lineNumber,
        entryId: id,
        message: `entry ${id} has ${typeof entry.type === "string" ? `unknown type "${entry.type}"` : "no type"}; kept for its tree links only`,
      });
    }
    session.entries.push(entry);
    session.byId.set(id, entry);
    session.lineOf.set(id, lineNumber);
  };
  /** The first line's header sets the format; a later one is skipped, as pi skips it. */
  const readHeader = (value: Record<string, unknown>, lineNumber: number, index: number) => {
    if (session.header !== null || session.entries.length > 0) {
      migration.skip(index);
      report({
        kind: "extra-header",
        line: lineNumber,
        message: `line ${lineNumber} is a second session header; ignored, as pi does`,
      });
      return;
    }
    const checked = checkHeader(value);
    session.header = checked.header;
    if (checked.dropped.length > 0)
      report({
        kind: "invalid-header",
        line: lineNumber,
        message: `the session header's ${checked.dropped.join(", ")} ${checked.dropped.length === 1 ? "has" : "have"} the wrong type; ignored`,
      });
    migration = migrationFor(value);
    session.formatVersion = migration.version;
    if (typeof value.id !== "string") {
      report({
        kind: "missing-header",
        line: lineNumber,
        message: "the session header has no id; pi refuses such a file, keel reads it anyway",
      });
    }
    if (migration.version > CURRENT_FORMAT_VERSION) {
      report({
        kind: "newer-format",
        line: lineNumber,
        message: `the file states format version ${migration.version}, newer than the version ${CURRENT_FORMAT_VERSION} keel knows; read as version ${CURRENT_FORMAT_VERSION}`,
      });
    }
  };
  return {
    push(text, lineNumber, terminated) {
      session.lines = Math.max(session.lines, lineNumber);
      session.chars += text.length + (terminated ? 1 : 0);
      if (text.trim() === "") return;
      if (text === OVERSIZED_LINE) {
        const message = `line ${lineNumber} is longer than 64 Mi characters (line too long); skipped`;
        report({ kind: "corrupt-line", line: lineNumber, message });
        return;
      }
      const parsed = parseJson(text);
      if (parsed.counted) piIndex++;
      const value = parsed.value;
      if (value === undefined) {
        report(unreadable(lineNumber, terminated, parsed));
        return;
      }
      const index = piIndex - 1;
      if (value.type === "session") {
        readHeader(value, lineNumber, index);
        return;
      }
      if (session.header === null && session.entries.length === 0) {
        report({
          kind: "missing-header",
          line: lineNumber,
          message: "the file does not start with a session header",
        });
      }
      migration.apply(value, index, lineNumber);
      const entry = checkTreeFields(value, lineNumber);
      if (!entry.ok) {
        report({ kind: "missing-id", line: lineNumber, message: entry.reason });
        return;
      }
      addEntry(entry.value, lineNumber);
    },
    finish() {
      if (session.header === null && session.entries.length === 0 && session.problemCount === 0) {
        report({ kind: "missing-header", message: "the file is empty" });
      }
      return session;
    },
  };
}

interface ParsedLine {
  value?: Record<string, unknown>;
  /** Whether pi counts the line as an entry (any truthy JSON value). */
  counted: boolean;
  /** The line is JSON, of some kind. */
  json: boolean;
  raw?: unknown;
}

/** What the file reader passes for a line over its length cap: not JSON, reported as "line too long". */
export const OVERSIZED_LINE = "\u0000(line too long)";

function parseJson(text: string): ParsedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // Not JSON: the caller records the line as a problem.
    return { counted: false, json: false };
  }
  return { value: asRecord(raw), counted: Boolean(raw), json: true, raw };
}

function unreadable(lineNumber: number, terminated: boolean, parsed: ParsedLine): SessionProblem {
  if (parsed.json && !parsed.counted) {
    // pi skips null, false, 0 and "" lines without a word; they hold no conversation.
    return {
      kind: "unknown-type",
      line: lineNumber,
      message: `line ${lineNumber} holds ${boundedJson(parsed.raw, { maxChars: 80 })}, not an entry; skipped, as pi does`,
    };
  }
  if (parsed.json) {
    return {
      kind: "corrupt-line",
      line: lineNumber,
      message: `line ${lineNumber} is JSON but not an entry object; skipped`,
    };
  }
  return {
    kind: terminated ? "corrupt-line" : "truncated-line",
    line: lineNumber,
    message: terminated
      ? `line ${lineNumber} is not valid JSON; skipped`
      : `last line ${lineNumber} is incomplete (file cut off mid-write); skipped`,
  };
}

/** An entry needs an id to take part in the tree (older formats have been given one by now). */
function checkTreeFields(value: Record<string, unknown>, lineNumber: number): Result<BranchEntry> {
  if (typeof value.id !== "string" || value.id === "") {
    const what = typeof value.type === "string" ? ` (${value.type})` : "";
    return { ok: false, reason: `line ${lineNumber}${what} has no id; skipped` };
  }
  if (typeof value.parentId !== "string" || value.parentId === "") value.parentId = null;
  return { ok: true, value: value as unknown as BranchEntry };
}

/** Splits JSONL text into lines with their numbers; the last line is unterminated if the text lacks a final newline. */
export function* splitLines(
  text: string,
): Generator<{ text: string; lineNumber: number; terminated: boolean }> {
  let start = 0;
  let lineNumber = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    lineNumber++;
    if (end === -1) {
      yield { text: stripCr(text.slice(start)), lineNumber, terminated: false };
      return;
    }
    yield { text: stripCr(text.slice(start, end)), lineNumber, terminated: true };
    start = end + 1;
  }
}

const stripCr = (line: string) => (line.endsWith("\r") ? line.slice(0, -1) : line);

/** Parses a whole JSONL string (tests, benchmarks, in-memory sessions). */
export function parseSessionText(text: string): ParsedSession {
  const parser = createSessionParser();
  for (const line of splitLines(text)) parser.push(line.text, line.lineNumber, line.terminated);
  return parser.finish();
}
