// Tables of the guard area: owner and agent contract rules, the journal, evidence runs, loop streaks (keyed to
// the tree they failed on) and per-session state (frozen scope baseline, last injected brief). Seed, personal and team rules are not rows.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ORIGINS } from "./origin.ts";
import { projects } from "./projects.sql.ts";

export const guardRules = sqliteTable(
  "guard_rules",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    text: text("text").notNull(),
    origin: text("origin", { enum: ORIGINS }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

/** Columns of a per-project numbered row: a global row id, the project, #number shown to users, the session. */
function numberedRow() {
  return {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Per-project number shown to users (#1, #2, …), allocated inside a write transaction. */
    number: integer("number").notNull(),
    sessionId: text("session_id"),
  };
}

/** What a journal entry records; the one list (the guard service, tool schemas and CLI use it). */
export const JOURNAL_TYPES = ["decision", "correction", "note", "lesson"] as const;

export const guardJournal = sqliteTable(
  "guard_journal",
  {
    ...numberedRow(),
    type: text("type", { enum: JOURNAL_TYPES }).notNull(),
    text: text("text").notNull(),
    /** JSON array of tags. */
    tags: text("tags").notNull().default("[]"),
    origin: text("origin", { enum: ORIGINS }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("guard_journal_number").on(t.projectId, t.number)],
);

export const guardEvidence = sqliteTable(
  "guard_evidence",
  {
    ...numberedRow(),
    command: text("command").notNull(),
    exitCode: integer("exit_code"),
    signal: text("signal"),
    timedOut: integer("timed_out", { mode: "boolean" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    outputSha256: text("output_sha256").notNull(),
    outputBytes: integer("output_bytes").notNull(),
    /** The last part of the output, secrets redacted. */
    outputTail: text("output_tail").notNull(),
    trusted: integer("trusted", { mode: "boolean" }).notNull(),
    trustNote: text("trust_note"),
    gitHead: text("git_head"),
    /** Hash of the working tree's content when the command ran; evidence is stale once it differs. */
    treeHash: text("tree_hash"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("guard_evidence_number").on(t.projectId, t.number)],
);

export const guardLoops = sqliteTable(
  "guard_loops",
  {
    sessionId: text("session_id").notNull(),
    fingerprint: text("fingerprint").notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    command: text("command").notNull(),
    failures: integer("failures").notNull(),
    /** HEAD and working-tree hash the last failure left behind; null outside git. */
    treeState: text("tree_state"),
    /** Digest of the last failure's normalised output: a different failure starts a new streak. */
    outputDigest: text("output_digest").notNull().default(""),
    /** Attempts the brake refused in this streak (the user is told at the first). */
    refusals: integer("refusals").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.fingerprint] }),
    index("guard_loops_project").on(t.projectId),
  ],
);

export const guardSessions = sqliteTable("guard_sessions", {
  sessionId: text("session_id").primaryKey(),
  projectId: text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  baseline: text("baseline"),
  briefDigest: text("brief_digest"),
  startedAt: integer("started_at").notNull(),
});
