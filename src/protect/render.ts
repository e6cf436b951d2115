// Text for `/keel protect list | status | discovery candidates`: origin markers, counts and summaries.
// Discovery lines show evidence counts and tool names, never quotes.
import { findCandidateGroups, MAX_GROUPS } from "./candidates.ts";
import { countItems } from "./registry.ts";
import type { AuxOutcome, ProtectState, VerificationSummary } from "./types.ts";

export interface StatusExtras {
  degraded: boolean;
  lastExtraction?: AuxOutcome;
  lastDiscovery?: AuxOutcome;
  lastVerification?: VerificationSummary;
  /** A compaction is waiting for its first request to be verified. */
  verificationPending?: boolean;
}

function marker(state: ProtectState, id: string): string {
  if (state.discoveryItemIds.includes(id))
    return `[discovery ${state.discoveryLifecycle[id]?.status ?? "active"}]`;
  return state.autoItemIds.includes(id) ? "[auto]" : "[manual]";
}

function evidenceNote(state: ProtectState, id: string): string {
  const refs = state.discoveryEvidence[id];
  if (!refs || refs.length === 0) return "";
  const tools = [...new Set(refs.map((ref) => ref.toolName))].join(", ");
  return ` (${refs.length} evidence reference${refs.length === 1 ? "" : "s"}: ${tools})`;
}

export function renderList(state: ProtectState): string {
  if (state.items.length === 0) return "no protected items.";
  const lines = state.items.map((item) => {
    const critical = item.critical ? " [critical]" : "";
    return `${item.id} ${marker(state, item.id)} [${item.kind}]${critical}: ${item.content}${evidenceNote(state, item.id)}`;
  });
  return `${state.items.length} protected item(s):\n${lines.join("\n")}`;
}

function auxLine(label: string, outcome: AuxOutcome | undefined): string {
  if (!outcome) return `Last ${label}: none.`;
  if (outcome.status === "failed") return `Last ${label}: failed (${outcome.failure}).`;
  const retired = outcome.retired > 0 ? `, ${outcome.retired} retired` : "";
  return `Last ${label}: ${outcome.added} added${retired}.`;
}

function verificationLine(extras: StatusExtras): string {
  const last = extras.lastVerification;
  const pending = extras.verificationPending
    ? " A compaction is waiting for verification on the next request."
    : "";
  if (!last) return `Last verification: none.${pending}`;
  const restored = last.recoveredIds.length > 0 ? `, ${last.recoveredIds.length} restored` : "";
  return `Last verification (compaction ${last.compactionId}): ${last.preserved} preserved, ${last.lost} lost, ${last.criticalFailures} critical failure(s)${restored}.${pending}`;
}

export function renderStatus(state: ProtectState, extras: StatusExtras): string {
  const c = countItems(state);
  return [
    `${c.items} item(s), ${c.critical} critical; ${c.manual} manual, ${c.auto} automatic, ${c.discovery} discovery (${c.active} active, ${c.superseded} superseded, ${c.retired} retired).`,
    `Recovery: ${state.recovery}. Extraction: ${state.extraction}. Discovery: ${state.discovery}.`,
    extras.degraded
      ? "State: degraded (the latest saved state was unreadable; started empty)."
      : "State: ok.",
    auxLine("extraction", extras.lastExtraction),
    auxLine("discovery", extras.lastDiscovery),
    verificationLine(extras),
  ].join("\n");
}

export function renderCandidates(state: ProtectState): string {
  const groups = findCandidateGroups(state);
  const footer =
    "Nothing changed. Run /keel protect discovery supersede <id> <byId> to record a replacement.";
  if (groups.length === 0) return `no supersession candidate groups.\n\n${footer}`;
  const shown = groups.slice(0, MAX_GROUPS).map((group) => {
    const anchors = group.anchors.map((a) => `${a.kind} ${a.value}`).join("; ");
    const lines = group.ids.map(
      (id) => `  ${id}: ${state.items.find((item) => item.id === id)?.content ?? ""}`,
    );
    return `Shared anchor${group.anchors.length === 1 ? "" : "s"}: ${anchors}\n${lines.join("\n")}`;
  });
  const more = groups.length > MAX_GROUPS ? `\n\n${groups.length - MAX_GROUPS} more group(s) not shown.` : "";
  const title = `${groups.length} discovery supersession candidate group${groups.length === 1 ? "" : "s"}.`;
  return `${title}\n\n${shown.join("\n\n")}${more}\n\n${footer}`;
}
