// One linear pass over a branch that later steps share: tool results by call id (for outcomes) and the
// latest context edit per target (pi's projection rule: the last edit on the branch wins).
import { positionFinder } from "../../session/branch.ts";
import { asRecord, type BranchEntry, messageOf, type ToolCallInfo } from "../../session/entries.ts";

export type Outcome = "ok" | "error" | "unknown";

export interface CallSite {
  call: ToolCallInfo;
  entryId: string;
  /** Position of the assistant entry on the branch. */
  index: number;
}

export interface ResultSite {
  entryId: string;
  index: number;
  isError: boolean;
  message: Record<string, unknown>;
}

/** `null` omits the target from model context; an object replaces its content. */
export type ContextEdit = { content: unknown } | null;

export interface BranchIndex {
  /** Position of an entry on the branch (a scan from the leaf, memoized; callers ask for a handful of ids). */
  positionOf(id: string): number | undefined;
  /** Results per call id; more than one means the pairing is ambiguous. */
  results: Map<string, ResultSite[]>;
  edits: Map<string, ContextEdit>;
}

export function indexBranchFacts(branch: readonly BranchEntry[]): BranchIndex {
  const positionOf = positionFinder(branch);
  const index: BranchIndex = { positionOf, results: new Map(), edits: new Map() };
  for (let position = 0; position < branch.length; position++) {
    const entry = branch[position]!;
    if (entry.type === "context_edit") {
      const record = entry as unknown as Record<string, unknown>;
      if (typeof record.targetId === "string") {
        const replacement = asRecord(record.replacement);
        index.edits.set(record.targetId, replacement ? { content: replacement.content } : null);
      }
      continue;
    }
    const message = messageOf(entry);
    if (!message) continue;
    if (message.role === "toolResult" && typeof message.toolCallId === "string") {
      const site = { entryId: entry.id, index: position, isError: message.isError === true, message };
      const list = index.results.get(message.toolCallId);
      if (list) list.push(site);
      else index.results.set(message.toolCallId, [site]);
    }
  }
  return index;
}

/** ok or error from the one result paired by call id; unknown when there is none or more than one. */
export function outcomeOf(index: BranchIndex, callId: string): Outcome {
  const results = index.results.get(callId);
  if (results?.length !== 1) return "unknown";
  return results[0]!.isError ? "error" : "ok";
}

/** The single result paired with a call, or undefined when missing or ambiguous. */
export function pairedResult(index: BranchIndex, callId: string): ResultSite | undefined {
  const results = index.results.get(callId);
  return results?.length === 1 ? results[0] : undefined;
}

/** A call in a response that was cut off (aborted or failed) and has no result never ran. */
export function neverRan(message: Record<string, unknown>, callId: string, index: BranchIndex): boolean {
  const stop = message.stopReason;
  return (stop === "aborted" || stop === "error") && !index.results.has(callId);
}
