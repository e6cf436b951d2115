// keel's store as the user sees it in `keel store check` and `keel doctor`: open it with a chosen driver,
// report driver, SQLite, migrations, FTS5 and integrity, name what makes it unfit, and copy a damaged store's
// readable rows into a new one. The checks and the copy are the store's own.
import type { DriverName } from "../store/db.ts";
import { isRemoteStore } from "../store/open.ts";
import { type RecoveryReport, recoverStore } from "../store/recover.ts";
import { checkStore, type StoreReport } from "../store/self-check.ts";

export { checkStore, type DriverName, isRemoteStore, type RecoveryReport, recoverStore, type StoreReport };

export const STORE_DRIVERS: readonly DriverName[] = ["bun-sqlite", "node-sqlite", "libsql"];

/** What makes an opened store unfit for keel: missing migrations, no full-text search, damage, a newer writer. */
export function storeProblems(report: StoreReport): string[] {
  const problems: string[] = [];
  if (report.migrationsApplied < report.migrationsEmbedded) {
    problems.push(`only ${report.migrationsApplied} of ${report.migrationsEmbedded} migrations are applied`);
  }
  if (!report.fts5) problems.push("this SQLite has no FTS5, which memory search needs");
  if (report.integrity.length > 0) problems.push(`integrity check failed: ${report.integrity[0]}`);
  if (report.refusal && report.integrity.length === 0) problems.push(report.refusal);
  return problems;
}
