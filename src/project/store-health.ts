// keel's store as the user sees it in `keel store check` and `keel doctor`: open it with a chosen driver,
// report driver, SQLite, migrations and FTS5, and name what makes it unfit. The checks are the store's own.
import type { DriverName } from "../store/db.ts";
import { checkStore, type StoreReport } from "../store/self-check.ts";

export { checkStore, type DriverName, type StoreReport };

export const STORE_DRIVERS: readonly DriverName[] = ["bun-sqlite", "node-sqlite", "libsql"];

/** What makes an opened store unfit for keel: missing migrations or no full-text search. */
export function storeProblems(report: StoreReport): string[] {
  const problems: string[] = [];
  if (report.migrationsApplied < report.migrationsEmbedded) {
    problems.push(`only ${report.migrationsApplied} of ${report.migrationsEmbedded} migrations are applied`);
  }
  if (!report.fts5) problems.push("this SQLite has no FTS5, which memory search needs");
  return problems;
}
