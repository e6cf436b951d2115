// Pure, incremental parsing of pi session JSONL: feed it lines, get the header, the entries and the problems.
// Bad input never throws: corrupt lines, a truncated last line, unknown entry types and duplicate ids become
// problems with line numbers. Reading the file is left to read-session.ts; walking the tree to branch.ts.
import { asRecord, type BranchEntry, KNOWN_ENTRY_TYPES, type SessionHeader } from "./entries.ts";

export type ProblemKind =
  | "corrupt-line"
  | "truncated-line"
  | "unknown-type"
  | "missing-id"
  | "duplicate-id"
  | "missing-header"
  | "missing-parent"
  | "cycle"
  | "missing-entry";

export interface SessionProblem {
  kind: ProblemKind;
  /** 1-based line number in the file, when the problem belongs to one line. */
  line?: number;
  entryId?: string;
  message: string;
}

export interface ParsedSession {
  header: SessionHeader | null;
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
    entries: [],
    byId: new Map(),
    lineOf: new Map(),
    problems: [],
    problemCount: 0,
    lines: 0,
    chars: 0,
  };
  let legacyParent: string | null = null;
  const report = (problem: SessionProblem) => {
    session.problemCount++;
    if (session.problems.length < MAX_PROBLEMS) session.problems.push(problem);
  };
  return {
    push(text, lineNumber, terminated) {
      session.lines = Math.max(session.lines, lineNumber);
      session.chars += text.length + (terminated ? 1 : 0);
      if (text.trim() === "") return;
      const value = parseJson(text);
      if (value === undefined) {
        report({
          kind: terminated ? "corrupt-line" : "truncated-line",
          line: lineNumber,
          message: terminated
            ? `line ${lineNumber} is not valid JSON; skipped`
            : `last line ${lineNumber} is incomplete (file cut off mid-write); skipped`,
        });
        return;
      }
      if (value.type === "session" && session.header === null && session.entries.length === 0) {
        session.header = value as unknown as SessionHeader;
        return;
      }
      if (session.header === null && session.entries.length === 0) {
        report({
          kind: "missing-header",
          line: lineNumber,
          message: "the file does not start with a session header",
        });
      }
      const entry = normalizeEntry(value, session.header, legacyParent, lineNumber);
      if (!entry.ok) {
        report({ kind: "missing-id", line: lineNumber, message: entry.reason });
        return;
      }
      const id = entry.value.id;
      if (session.byId.has(id)) {
        report({
          kind: "duplicate-id",
          line: lineNumber,
          entryId: id,
          message: `entry ${id} appears again on line ${lineNumber}; the later copy wins`,
        });
      }
      if (!KNOWN_ENTRY_TYPES.has(entry.value.type)) {
        report({
          kind: "unknown-type",
          line: lineNumber,
          entryId: id,
          message: `entry ${id} has unknown type "${String(entry.value.type)}"; kept for its tree links only`,
        });
      }
      session.entries.push(entry.value);
      session.byId.set(id, entry.value);
      session.lineOf.set(id, lineNumber);
      legacyParent = id;
    },
    finish() {
      if (session.header === null && session.entries.length === 0 && session.problemCount === 0) {
        report({ kind: "missing-header", message: "the file is empty" });
      }
      return session;
    },
  };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return asRecord(JSON.parse(text));
  } catch {
    // Not JSON: the caller records the line as a problem.
    return undefined;
  }
}

type Normalized = { ok: true; value: BranchEntry } | { ok: false; reason: string };

/** Checks the tree fields; version-1 files (no ids) get line-based ids chained in file order. */
function normalizeEntry(
  value: Record<string, unknown>,
  header: SessionHeader | null,
  previousId: string | null,
  lineNumber: number,
): Normalized {
  if (typeof value.type !== "string") {
    return { ok: false, reason: `line ${lineNumber} has no entry type; skipped` };
  }
  if (typeof value.id === "string" && value.id !== "") {
    if (typeof value.parentId !== "string") value.parentId = null;
    return { ok: true, value: value as unknown as BranchEntry };
  }
  if (header !== null && (header.version ?? 1) < 2) {
    return {
      ok: true,
      value: { ...value, id: `line-${lineNumber}`, parentId: previousId } as unknown as BranchEntry,
    };
  }
  return { ok: false, reason: `line ${lineNumber} (${value.type}) has no id; skipped` };
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
