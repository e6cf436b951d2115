// The journal service: writing and listing decisions, corrections, notes and lessons, with one validation
// and one normalisation (one line, bounded text, lower-case tags) for every surface (CLI, /keel, pi tools, MCP).
// The owner's entries are trusted; the agent's are shown as unverified.
import type { Clock } from "../core/clock.ts";
import { fail, ok, type Result } from "../core/result.ts";
import { redact } from "../core/secrets.ts";
import type { KeelDb } from "../store/db.ts";
import { addJournalEntry, type JournalRow, listJournal } from "../store/guard-journal.ts";
import { JOURNAL_TYPES, type Origin } from "../store/schema/index.ts";
import { oneLine } from "./text.ts";

export { JOURNAL_TYPES, type JournalRow };
export type JournalType = (typeof JOURNAL_TYPES)[number];

export const JOURNAL_LIMITS = { textChars: 500, tagChars: 40, tags: 8 } as const;

export interface JournalDeps {
  db: KeelDb;
  clock: Clock;
}

export interface JournalInput {
  projectId: string;
  sessionId: string | null;
  /** Who wrote the entry: the owner (trusted) or the agent. */
  origin: Origin;
  type: string;
  text: string;
  tags?: readonly string[];
}

export function isJournalType(value: string | undefined): value is JournalType {
  return (JOURNAL_TYPES as readonly (string | undefined)[]).includes(value);
}

export const JOURNAL_TYPE_ERROR = `type must be one of ${JOURNAL_TYPES.join(", ")}`;

/** Validates and stores one entry; the reason names what is wrong with the input. */
export async function writeJournal(deps: JournalDeps, input: JournalInput): Promise<Result<JournalRow>> {
  if (!isJournalType(input.type)) return fail(`${JOURNAL_TYPE_ERROR}, got "${oneLine(input.type, 40)}"`);
  // Redacted before it is cut to length, so a secret at the cut cannot survive as an unrecognisable prefix.
  const text = oneLine(redact(input.text), JOURNAL_LIMITS.textChars);
  if (text === "") return fail("the note is empty");
  const tags = (input.tags ?? [])
    .map((tag) => oneLine(tag, JOURNAL_LIMITS.tagChars).toLowerCase())
    .filter(Boolean)
    .slice(0, JOURNAL_LIMITS.tags);
  const row = await addJournalEntry(deps.db, {
    projectId: input.projectId,
    sessionId: input.sessionId,
    type: input.type,
    text,
    tags: JSON.stringify(tags),
    origin: input.origin,
    createdAt: deps.clock.now(),
  });
  return ok(row);
}

/** Splits a comma-separated tag list as typed on a command line. */
export const splitTags = (text: string | undefined): string[] => (text ?? "").split(",");

export function listJournalEntries(
  db: KeelDb,
  projectId: string,
  options: { type?: JournalType; limit?: number } = {},
): Promise<JournalRow[]> {
  return listJournal(db, projectId, options);
}

/** One line per entry; the agent's entries are marked unverified. */
export function describeJournalEntry(row: JournalRow): string {
  const who = row.origin === "agent" ? " (agent, unverified)" : "";
  return `#${row.number} ${row.type}${who}: ${row.text}`;
}
