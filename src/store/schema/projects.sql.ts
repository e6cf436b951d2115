// Table of projects keel has seen; every other row is partitioned by a project id.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const projects = sqliteTable("projects", {
  /** SHA-256 of the git common dir, or of the configured root outside git. */
  id: text("id").primaryKey(),
  root: text("root").notNull(),
  identitySource: text("identity_source", { enum: ["git", "configured"] }).notNull(),
  name: text("name").notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
});

export type ProjectRow = typeof projects.$inferSelect;
