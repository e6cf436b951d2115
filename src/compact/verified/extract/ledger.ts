// The continuity ledger: what a verified compaction records in its details for the next one, read back
// from the branch, and the changes between that ledger and a fresh extraction.
import type { BranchEntry } from "../../../session/entries.ts";
import type { Extraction, FileLists, Ledger, LedgerDelta, RecapFact } from "./types.ts";

const MAX_ITEMS = 200;

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string").slice(0, MAX_ITEMS)
    : [];
}

function fileLists(value: unknown): FileLists {
  const v = (value ?? {}) as Record<string, unknown>;
  return { read: strings(v.read), modified: strings(v.modified), deleted: strings(v.deleted) };
}

/** The ledger stored in a compaction entry's details, or null when it has none or it is malformed. */
export function ledgerOf(details: unknown): Ledger | null {
  const keel = (details as { keel?: { ledger?: unknown } } | undefined)?.keel;
  const raw = keel?.ledger as Record<string, unknown> | undefined;
  if (!raw || typeof raw !== "object") return null;
  return {
    goal: typeof raw.goal === "string" ? raw.goal : null,
    constraints: strings(raw.constraints),
    decisions: strings(raw.decisions),
    openLoops: strings(raw.openLoops),
    files: fileLists(raw.files),
    unresolvedErrors: strings(raw.unresolvedErrors),
  };
}

/** A summary entry on the branch (keel's or pi's), tagged as recap: its text is never mined as live rules. */
export function recapOf(entry: BranchEntry): RecapFact | null {
  if (entry.type !== "compaction" && entry.type !== "branch_summary") return null;
  const record = entry as unknown as { summary?: unknown; details?: unknown };
  const strategy = (record.details as { keel?: { strategy?: unknown } } | undefined)?.keel?.strategy;
  return {
    entryId: entry.id,
    source: typeof strategy === "string" ? `keel:${strategy}` : entry.type === "compaction" ? "pi" : "branch",
    chars: typeof record.summary === "string" ? record.summary.length : 0,
  };
}

/** The ledger a new compaction leaves from an extraction. */
export function ledgerFrom(extraction: Omit<Extraction, "changes">): Ledger {
  return {
    goal: extraction.goal,
    constraints: extraction.constraints.map((c) => c.text).slice(0, MAX_ITEMS),
    decisions: extraction.decisions.map((d) => d.text).slice(0, MAX_ITEMS),
    openLoops: extraction.openLoops.map((l) => l.text).slice(0, MAX_ITEMS),
    files: extraction.files,
    unresolvedErrors: extraction.errors
      .filter((e) => !e.resolved)
      .map((e) => e.command)
      .slice(0, MAX_ITEMS),
  };
}

export function ledgerDelta(previous: Ledger, current: Ledger): LedgerDelta {
  const had = (list: string[]) => new Set(list);
  const oldConstraints = had(previous.constraints);
  const oldDecisions = had(previous.decisions);
  const oldFiles = had([...previous.files.modified, ...previous.files.deleted]);
  const openNow = had([...current.openLoops, ...current.unresolvedErrors]);
  return {
    newConstraints: current.constraints.filter((c) => !oldConstraints.has(c)),
    newDecisions: current.decisions.filter((d) => !oldDecisions.has(d)),
    goalChanged: previous.goal !== current.goal,
    resolvedLoops: [...previous.openLoops, ...previous.unresolvedErrors].filter((l) => !openNow.has(l)),
    newFiles: [...current.files.modified, ...current.files.deleted].filter((f) => !oldFiles.has(f)),
  };
}
