// The compaction lifecycle of protected context as pure steps: the candidate context projected from the
// messages of the first request after a compaction, the verification of a pending snapshot against it, the
// one recovery message per compaction, and the restore of a pending verification after a reload.
import { isCustomEntry } from "../session/custom-entries.ts";
import { type BranchEntry, textOf } from "../session/entries.ts";
import { isPendingVerification, isVerificationSummary } from "./lifecycle-schema.ts";
import { isRecoverable } from "./registry.ts";
import type { ProtectedItem, ProtectState, VerificationSummary } from "./types.ts";
import { verifyLiteral } from "./verifier/verify.ts";

export const PENDING_TYPE = "keel.protect.pending";
export const VERIFIED_TYPE = "keel.protect.verified";
export const RECOVERY_TYPE = "keel.protect.recovery";

/** What session_compact leaves for the first following request: the snapshot taken before that compaction. */
export interface PendingVerification {
  v: 1;
  compactionId: string;
  snapshot: ProtectedItem[];
}

export interface RecoveryMessage {
  customType: typeof RECOVERY_TYPE;
  content: string;
  display: false;
  details: { v: 1; compactionId: string; itemIds: string[] };
}

type Loose = Record<string, unknown>;

const textBlocks = (content: unknown): string => textOf(content, "\n");

/** One message's contribution to the candidate context (text only; thinking and tool calls are not context). */
function messageText(message: Loose): string {
  switch (message.role) {
    case "bashExecution":
      return message.excludeFromContext
        ? ""
        : `${String(message.command ?? "")}\n${String(message.output ?? "")}`;
    case "compactionSummary":
    case "branchSummary":
      return typeof message.summary === "string" ? message.summary : "";
    default:
      return textBlocks(message.content);
  }
}

/** The effective context a request carries: the system prompt plus every message's text. */
export function projectCandidate(messages: readonly unknown[], systemPrompt: string): string {
  const parts = [systemPrompt];
  for (const message of messages)
    if (message && typeof message === "object") parts.push(messageText(message as Loose));
  return parts.join("\n\n");
}

export function renderRecoveryContent(items: readonly ProtectedItem[]): string {
  const body = items.map(
    (item) => `<protected-item id="${item.id}" kind="${item.kind}">\n${item.content}\n</protected-item>`,
  );
  return [
    "<keel-protected-recovery>",
    "Compaction dropped these critical protected items. They still hold:",
    ...body,
    "</keel-protected-recovery>",
  ].join("\n");
}

export interface VerificationOutcome {
  summary: VerificationSummary;
  recovery: RecoveryMessage | undefined;
}

/** Verifies a pending snapshot and, when recovery is critical, builds the one recovery message for it. */
export function completeVerification(
  pending: PendingVerification,
  candidate: string,
  state: ProtectState,
  at: string,
): VerificationOutcome {
  const report = verifyLiteral(pending.snapshot, candidate);
  const recoverIds =
    state.recovery === "critical" ? report.criticalFailures.filter((id) => isRecoverable(state, id)) : [];
  const recovered = pending.snapshot.filter((item) => recoverIds.includes(item.id));
  const summary: VerificationSummary = {
    compactionId: pending.compactionId,
    at,
    preserved: report.preserved.length,
    lost: report.lost.length,
    criticalFailures: report.criticalFailures.length,
    lostIds: report.lost,
    recoveredIds: recovered.map((item) => item.id),
  };
  const recovery: RecoveryMessage | undefined =
    recovered.length === 0
      ? undefined
      : {
          customType: RECOVERY_TYPE,
          content: renderRecoveryContent(recovered),
          display: false,
          details: { v: 1, compactionId: pending.compactionId, itemIds: summary.recoveredIds },
        };
  return { summary, recovery };
}

export function verificationNotice(summary: VerificationSummary): string {
  const recovered = summary.recoveredIds.length > 0 ? `; restored ${summary.recoveredIds.length}` : "";
  return `keel protect: after compaction ${summary.preserved} preserved, ${summary.lost} lost, ${summary.criticalFailures} critical failure(s)${recovered}.`;
}

const customOf = (entry: BranchEntry, type: string): Loose | undefined => {
  const data = isCustomEntry(entry, type) ? entry.data : undefined;
  return data && typeof data === "object" ? (data as Loose) : undefined;
};

/**
 * What a branch records of verification: every summary in order (the last one is the latest), and the pending
 * verification of the branch's latest compaction if no request consumed it yet (after a reload, or offline).
 */
export function restoreLifecycle(branch: readonly BranchEntry[]): {
  pending: PendingVerification | undefined;
  verifications: VerificationSummary[];
} {
  let pending: PendingVerification | undefined;
  const verifications: VerificationSummary[] = [];
  let latestCompaction: string | undefined;
  for (const entry of branch) {
    if (entry.type === "compaction") latestCompaction = entry.id;
    const p = customOf(entry, PENDING_TYPE);
    if (isPendingVerification(p)) pending = p;
    const v = customOf(entry, VERIFIED_TYPE);
    if (isVerificationSummary(v)) verifications.push(v);
  }
  const last = verifications.at(-1);
  const open =
    pending && pending.compactionId === latestCompaction && last?.compactionId !== pending.compactionId;
  return { pending: open ? pending : undefined, verifications };
}
