// Tables of project memory: records (owner, agent and derived), their links, and per-project memory policy.
// The FTS5 index over records lives in a hand-written migration (drizzle-kit cannot express virtual tables).
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ORIGINS } from "./origin.ts";
import { projects } from "./projects.sql.ts";

export const memoryRecords = sqliteTable(
  "memory_records",
  {
    /** Row number: the FTS5 index's content rowid. Never shown to users. */
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    /** Public id, e.g. mem-20261201-3f9a1c2b7d0e. */
    id: text("id").notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Normalised tags joined by single spaces (slugs carry no spaces), indexed by FTS5. */
    tags: text("tags").notNull().default(""),
    kind: text("kind").notNull(),
    category: text("category").notNull(),
    status: text("status", { enum: ["active", "superseded", "rejected"] })
      .notNull()
      .default("active"),
    origin: text("origin", { enum: [...ORIGINS, "derived"] }).notNull(),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at"),
    /** Id of the record that replaced this one (set with status "superseded"). */
    supersededBy: text("superseded_by"),
    /** JSON array of strings. */
    sourceRefs: text("source_refs").notNull().default("[]"),
    /** JSON array of { sessionId, head, worktree }. */
    provenance: text("provenance").notNull().default("[]"),
    /** JSON array of other phrasings someone might search for (embedded with the record, not shown in lists). */
    aliases: text("aliases").notNull().default("[]"),
    /** JSON array of record ids a consolidation replaced. */
    consolidatedFrom: text("consolidated_from").notNull().default("[]"),
    /** Derived records: the session and branch leaf they were indexed from, and a dedupe key. */
    sessionId: text("session_id"),
    branchId: text("branch_id"),
    factKey: text("fact_key"),
    /** Bytes this record counts against the project's quota. */
    bytes: integer("bytes").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("memory_records_project_id").on(t.projectId, t.id),
    uniqueIndex("memory_records_fact_key").on(t.projectId, t.factKey).where(sql`${t.factKey} is not null`),
    index("memory_records_project_updated").on(t.projectId, t.origin, t.updatedAt),
    index("memory_records_superseded_by").on(t.projectId, t.supersededBy),
    index("memory_records_expiry").on(t.projectId, t.expiresAt),
  ],
);

/**
 * One sentence-embedding vector per record and model (a model change embeds again): a float32 scale then one
 * int8 per dimension. `text_hash` is the hash of the text embedded, so a changed record is embedded again.
 */
export const memoryVectors = sqliteTable(
  "memory_vectors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordSeq: integer("record_seq")
      .notNull()
      .references(() => memoryRecords.seq, { onDelete: "cascade" }),
    projectId: text("project_id").notNull(),
    model: text("model").notNull(),
    textHash: text("text_hash").notNull(),
    vector: blob("vector", { mode: "buffer" }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("memory_vectors_record_model").on(t.recordSeq, t.model),
    index("memory_vectors_project_model").on(t.projectId, t.model, t.id),
  ],
);

/**
 * Per-project totals of memory records, kept by triggers (hand-written migration `memory_usage_triggers`), so a
 * quota check reads one row instead of summing every record: `records` and `bytes` count owner and agent
 * records, `derived` counts derived ones.
 */
export const memoryUsageTotals = sqliteTable("memory_usage", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  records: integer("records").notNull().default(0),
  bytes: integer("bytes").notNull().default(0),
  derived: integer("derived").notNull().default(0),
});

export const memoryLinks = sqliteTable(
  "memory_links",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fromId: text("from_id").notNull(),
    toId: text("to_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.fromId, t.toId] }),
    index("memory_links_target").on(t.projectId, t.toId),
  ],
);

export const memoryPolicies = sqliteTable("memory_policies", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  maxBytes: integer("max_bytes"),
  cleanupMode: text("cleanup_mode", { enum: ["auto", "ask"] }),
  /** Bumped by every change to owner or agent records; cleanup proposals are bound to it. */
  revision: integer("revision").notNull().default(0),
  /** Random key that signs cleanup confirmation tokens. */
  tokenKey: text("token_key").notNull(),
});

export type MemoryRow = typeof memoryRecords.$inferSelect;
export type NewMemoryRow = typeof memoryRecords.$inferInsert;
