// The data behind the UI's compaction view: what one compaction entry removed from the context (the span of
// its branch it summarized), what replaced it (the checkpoint or summary and the kept entries), the before and
// after token counts, the model calls it cost, and the protected-item verification that followed it.
import { type CompactionDetails, compactionDetailsOf } from "../compact/details.ts";
import { splitCompactionSpan, type TokensAfter, tokensAfterOnBranch } from "../compact/tokens-after.ts";
import { type VerifiedRecord, verifiedRecordOf } from "../compact/verified-record.ts";
import { ok, type Result } from "../core/result.ts";
import { RECOVERY_TYPE } from "../protect/lifecycle.ts";
import { loadProtectState } from "../protect/load.ts";
import type { ItemKind, VerificationSummary } from "../protect/types.ts";
import { walkBranch } from "../session/branch.ts";
import { asRecord, type BranchEntry, numberField, stringField } from "../session/entries.ts";
import type { ParsedSession } from "../session/parse.ts";
import { entryRole } from "../session/render-text.ts";
import { previewOf, verificationsOf } from "./session-view.ts";

/** At most this many entries are listed on each side; the counts and token figures cover them all. */
export const COMPACTION_LIST_LIMIT = 300;

export interface ListedEntry {
  id: string;
  role: string;
  timestamp: string | null;
  preview: string;
}

export type ItemOutcome = "preserved" | "lost" | "restored" | "unverified";

export interface CompactionView {
  id: string;
  timestamp: string | null;
  strategy: string;
  fromKeel: boolean;
  reason: string | null;
  summary: string;
  firstKeptEntryId: string | null;
  /** pi's count before compacting, and what keel recorded the compaction left (measured or estimated). */
  tokens: { before: number | null; after: number; afterBasis: TokensAfter["basis"]; saved: number | null };
  /** Auxiliary model calls this compaction made: none for verbatim, pi's one summary call for native. */
  modelCalls: { count: number; note: string };
  compacted: { count: number; entries: ListedEntry[] };
  kept: { count: number; entries: ListedEntry[] };
  readFiles: string[];
  modifiedFiles: string[];
  verification: VerificationSummary | null;
  recovery: { entryId: string; itemIds: string[] } | null;
  items: { id: string; kind: ItemKind; critical: boolean; content: string; outcome: ItemOutcome }[];
  /** A verified compaction's report: outcome in plain words, coverage, and the lines removed, corrected or added. */
  verified: VerifiedRecord | null;
}

export type CompactionViewResult = Result<CompactionView>;

/** `recorded` is the figure keel recorded (recorded-tokens.ts); without it the same function sizes it here. */
export function buildCompactionView(
  session: ParsedSession,
  entryId: string,
  recorded?: TokensAfter,
): CompactionViewResult {
  const entry = session.byId.get(entryId);
  if (entry?.type !== "compaction")
    return { ok: false, reason: `no compaction entry ${entryId} in this session` };
  const walked = walkBranch(session, entryId);
  if (!walked.ok) return { ok: false, reason: walked.reason };
  const branch = walked.value.entries;
  const record = entry as unknown as Record<string, unknown>;
  const summary = stringField(record, "summary") ?? "";
  const firstKept = stringField(record, "firstKeptEntryId") ?? null;
  const { compacted, kept } = splitCompactionSpan(branch, firstKept);
  const details = compactionDetailsOf(entry as never);
  const verified = verifiedRecordOf(record.details);
  const before = numberField(record, "tokensBefore") ?? null;
  const after = recorded ?? tokensAfterOnBranch(branch, entryId) ?? { tokens: 0, basis: "estimated" };
  const verification = verificationsOf(session.entries).findLast((v) => v.compactionId === entryId) ?? null;
  const state = loadProtectState(branch, entry.timestamp ?? new Date(0).toISOString()).state;
  return ok({
    id: entryId,
    timestamp: entry.timestamp ?? null,
    strategy: details.strategy,
    fromKeel: details.fromKeel,
    reason: details.reason ?? null,
    summary,
    firstKeptEntryId: firstKept,
    tokens: {
      before,
      after: after.tokens,
      afterBasis: after.basis,
      saved: before === null ? null : before - after.tokens,
    },
    modelCalls:
      verified?.modelCalls != null
        ? { count: verified.modelCalls, note: verified.notice ?? "verified strategy" }
        : modelCallsOf(details),
    compacted: listed(compacted),
    kept: listed(kept),
    readFiles: details.readFiles,
    modifiedFiles: details.modifiedFiles,
    verification,
    recovery: recoveryFor(session.entries, entryId),
    items: state.items.map((item) => ({ ...item, outcome: outcomeOf(item.id, verification) })),
    verified,
  });
}

function listed(entries: readonly BranchEntry[]) {
  return {
    count: entries.length,
    entries: entries.slice(0, COMPACTION_LIST_LIMIT).map((e) => ({
      id: e.id,
      role: entryRole(e),
      timestamp: e.timestamp ?? null,
      preview: previewOf(e, 160),
    })),
  };
}

function modelCallsOf(details: CompactionDetails): { count: number; note: string } {
  const sent = details.modelCalls;
  if (details.strategy === "verbatim" && sent !== null && sent > 0)
    return { count: sent, note: "a verified run asked the model, then wrote this checkpoint instead" };
  if (details.strategy === "verbatim")
    return { count: 0, note: "keel wrote a deterministic checkpoint; no model was asked" };
  if (!details.fromKeel) return { count: 1, note: "pi's own summary: one request to the session's model" };
  return sent !== null
    ? { count: sent, note: `strategy ${details.strategy}` }
    : { count: 1, note: `strategy ${details.strategy}` };
}

function recoveryFor(entries: readonly BranchEntry[], compactionId: string) {
  for (const entry of entries) {
    const raw = entry as { type?: string; customType?: string; details?: unknown };
    if (raw.customType !== RECOVERY_TYPE) continue;
    const details = asRecord(raw.details);
    if (details?.compactionId !== compactionId) continue;
    const ids = Array.isArray(details.itemIds)
      ? details.itemIds.filter((i): i is string => typeof i === "string")
      : [];
    return { entryId: entry.id, itemIds: ids };
  }
  return null;
}

function outcomeOf(id: string, verification: VerificationSummary | null): ItemOutcome {
  if (!verification) return "unverified";
  if (verification.recoveredIds.includes(id)) return "restored";
  return verification.lostIds.includes(id) ? "lost" : "preserved";
}
