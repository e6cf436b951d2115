// Table recording each compaction keel saw confirmed in a pi session, and which strategy produced it.
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { projects } from "./projects.sql.ts";

export const compactions = sqliteTable(
  "compactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    sessionFile: text("session_file"),
    /** Id of pi's compaction entry in the session JSONL. */
    entryId: text("entry_id").notNull(),
    strategy: text("strategy").notNull(),
    reason: text("reason").notNull(),
    fromExtension: integer("from_extension", { mode: "boolean" }).notNull(),
    tokensBefore: integer("tokens_before"),
    firstKeptEntryId: text("first_kept_entry_id"),
    summaryChars: integer("summary_chars").notNull(),
    /** Tokens the compaction left in the context (summary and kept entries), sized once when recorded. */
    tokensAfter: integer("tokens_after"),
    /** How tokens_after was found: "measured" or "estimated"; null on rows recorded before it was kept. */
    tokensAfterBasis: text("tokens_after_basis"),
    /** Verified compactions only (null otherwise): coverage 0..1, how it ended. Model calls keel sent. */
    coverage: real("coverage"),
    outcome: text("outcome"),
    modelCalls: integer("model_calls"),
    latencyMs: integer("latency_ms"),
    /** JSON array of the gap kinds left in the applied summary. Rows of round two hold the report object here. */
    gaps: text("gaps"),
    /** Verified compactions: one redacted JSON object with the notice the user saw, coverage after repair and
     * the lines the repair changed, with why (src/compact/stored-report.ts). */
    report: text("report"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("compactions_session_entry").on(t.sessionId, t.entryId),
    index("compactions_project_created").on(t.projectId, t.createdAt),
  ],
);

export type CompactionRow = typeof compactions.$inferSelect;
export type NewCompaction = typeof compactions.$inferInsert;
