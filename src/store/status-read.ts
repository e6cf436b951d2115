// What `keel status` shows of a project, read in two raw queries through the store's reader (no Drizzle, so the
// command loads no ORM): the counts and the last evidence run in one, the newest compactions in the other. Rows come
// back in the shapes the Drizzle tables give (CompactionRow), so every surface that shows status sees the same.
import type { SqlReader } from "./db.ts";
import type { CompactionRow } from "./schema/index.ts";

export interface ProjectStatusRead {
  compactions: number;
  journalEntries: number;
  openLoops: number;
  /** Loops the brake refused at least once. */
  refusedLoops: number;
  lastEvidence: { number: number; exitCode: number | null; command: string } | null;
}

const COUNTS_SQL = `
  select (select count(*) from compactions where project_id = ?1) as compactions,
         (select count(*) from guard_journal where project_id = ?1) as journalEntries,
         (select count(*) from guard_loops where project_id = ?1) as openLoops,
         (select count(*) from guard_loops where project_id = ?1 and refusals > 0) as refusedLoops,
         e.number as evidenceNumber, e.exit_code as evidenceExit, e.command as evidenceCommand
  from (select 1) left join (
    select number, exit_code, command from guard_evidence where project_id = ?1 order by number desc limit 1
  ) e`;

/** Column by column as compactions.sql.ts declares them (the order Drizzle's select() gives). */
const COMPACTION_SQL = `
  select id, project_id as projectId, session_id as sessionId, session_file as sessionFile, entry_id as entryId,
         strategy, reason, from_extension as fromExtension, tokens_before as tokensBefore,
         first_kept_entry_id as firstKeptEntryId, summary_chars as summaryChars, tokens_after as tokensAfter,
         tokens_after_basis as tokensAfterBasis, coverage, outcome, model_calls as modelCalls,
         latency_ms as latencyMs, gaps, report, created_at as createdAt
  from compactions where project_id = ? order by created_at desc, id desc limit ?`;

/** The project's counts and its last evidence run. */
export async function readProjectStatus(read: SqlReader, projectId: string): Promise<ProjectStatusRead> {
  const [row] = await read.all<Record<string, number | string | null>>(COUNTS_SQL, [projectId]);
  const n = (key: string) => Number(row?.[key] ?? 0);
  const number = row?.evidenceNumber;
  return {
    compactions: n("compactions"),
    journalEntries: n("journalEntries"),
    openLoops: n("openLoops"),
    refusedLoops: n("refusedLoops"),
    lastEvidence:
      number === null || number === undefined
        ? null
        : {
            number: Number(number),
            exitCode: row?.evidenceExit === null ? null : Number(row?.evidenceExit),
            command: String(row?.evidenceCommand),
          },
  };
}

/** The project's `limit` newest compactions, newest first, as CompactionRow. */
export async function readRecentCompactions(
  read: SqlReader,
  projectId: string,
  limit: number,
): Promise<CompactionRow[]> {
  const rows = await read.all<CompactionRow>(COMPACTION_SQL, [projectId, limit]);
  return rows.map((row) => ({ ...row, fromExtension: Boolean(row.fromExtension) }));
}
