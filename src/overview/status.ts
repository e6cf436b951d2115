// The status every surface shows (CLI, /keel, UI): project, store, the compactions keel recorded, and a
// guard summary (journal size, open loops, last evidence), read raw (src/store/status-read.ts).

import { readStoredReport } from "../compact/stored-report.ts";
import { oneLine } from "../core/one-line.ts";
import type { Result } from "../core/result.ts";
import { createIdAbbreviator } from "../core/short-ids.ts";
import { KEEL_VERSION } from "../core/version.ts";
import type { Store } from "../store/db.ts";
import type { ProjectIdentity } from "../store/projects.ts";
import type { CompactionRow } from "../store/schema/index.ts";
import { readProjectStatus, readRecentCompactions } from "../store/status-read.ts";

export interface KeelStatus {
  version: string;
  project: ProjectIdentity | null;
  projectError?: string;
  store: { location: string; driver: string };
  compactions: { total: number; recent: CompactionRow[] };
  guard: {
    journalEntries: number;
    openLoops: number;
    /** Loops the brake refused at least once (waiting for a change). */
    refusedLoops: number;
    lastEvidence: { number: number; exitCode: number | null; command: string } | null;
  };
}

export async function collectStatus(
  store: Store,
  identity: Result<ProjectIdentity>,
  limit = 5,
): Promise<KeelStatus> {
  const project = identity.ok ? identity.value : null;
  const counts = project ? await readProjectStatus(store.read, project.id) : undefined;
  const recent = project ? await readRecentCompactions(store.read, project.id, limit) : [];
  return {
    version: KEEL_VERSION,
    project,
    ...(identity.ok ? {} : { projectError: identity.reason }),
    store: { location: store.location, driver: store.driver },
    compactions: { total: counts?.compactions ?? 0, recent },
    guard: {
      journalEntries: counts?.journalEntries ?? 0,
      openLoops: counts?.openLoops ?? 0,
      refusedLoops: counts?.refusedLoops ?? 0,
      lastEvidence: counts?.lastEvidence ?? null,
    },
  };
}

export function renderStatusLines(status: KeelStatus): string[] {
  const p = status.project;
  const session = createIdAbbreviator(status.compactions.recent.map((c) => c.sessionId));
  return [
    `keel ${status.version}`,
    p
      ? `project  ${p.name}  ${p.root}  (${p.id.slice(0, 12)})`
      : `project  none: ${status.projectError ?? "unknown"}`,
    `store    ${status.store.location} (${status.store.driver})`,
    `guard    ${status.guard.journalEntries} journal entries · ${status.guard.openLoops} open loops${status.guard.refusedLoops ? ` (${status.guard.refusedLoops} refused by the loop brake: keel loops)` : ""} · last evidence ${
      status.guard.lastEvidence
        ? `#${status.guard.lastEvidence.number} exit ${status.guard.lastEvidence.exitCode ?? "none"}: ${status.guard.lastEvidence.command}`
        : "none"
    }`,
    `compactions recorded for this project: ${status.compactions.total}`,
    ...status.compactions.recent.flatMap((c) => [
      `  ${new Date(c.createdAt).toISOString()}  ${c.strategy} · ${c.reason} · session ${session(c.sessionId)} · ${c.tokensBefore ?? "?"} tokens before${verifiedPart(c)}`,
      ...changeLines(c),
    ]),
  ];
}

/** A verified compaction's notice as the user saw it (outcome in words, coverage, model calls), else its figures. */
function verifiedPart(c: CompactionRow): string {
  if (c.strategy !== "verified" || c.outcome === null) return "";
  const notice = readStoredReport(c).notice;
  if (notice) return ` · ${oneLine(notice.replace(/^verified compaction \([^)]*\): /, ""), 300)}`;
  const coverage = c.coverage === null ? "" : ` · model coverage ${Math.round(c.coverage * 100)}%`;
  return ` · ${c.outcome}${coverage} · ${c.modelCalls ?? 0} model call(s)`;
}

const MAX_CHANGE_LINES = 5;
const clip = (text: string) => oneLine(text, 100);

/** The lines a verified compaction's repair removed (−), corrected (− then +) or added (+), with why. */
function changeLines(c: CompactionRow): string[] {
  if (c.strategy !== "verified") return [];
  const changes = readStoredReport(c).changes;
  const lines = changes.slice(0, MAX_CHANGE_LINES).flatMap((ch) => {
    if (ch.action === "added") return [`      + ${clip(ch.text)}  (${ch.why})`];
    const removed = `      − ${clip(ch.text)}  (${ch.why})`;
    return ch.replacement ? [removed, `      + ${clip(ch.replacement)}`] : [removed];
  });
  if (changes.length > MAX_CHANGE_LINES) lines.push(`      … ${changes.length - MAX_CHANGE_LINES} more`);
  return lines;
}
