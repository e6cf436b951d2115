// One linear pass over a branch that later steps share: tool results by call id (for outcomes) and the
// latest context edit per target (pi's projection rule: the last edit on the branch wins).
import { positionFinder } from "../../session/branch.ts";
import { asRecord, type BranchEntry, messageOf, type ToolCallInfo } from "../../session/entries.ts";
import { type Refusal, readRefusal } from "../../session/refusals.ts";

/** A call's outcome as the checkpoint shows it; a refused call shows the refusal (it never ran). */
export type Outcome = "ok" | "error" | "unknown" | Refusal["label"];

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
  /** The first result per call id (no list per call: most calls have exactly one result). */
  results: Map<string, ResultSite>;
  /** Call ids with more than one result: their pairing is ambiguous. */
  ambiguous: Set<string>;
  edits: Map<string, ContextEdit>;
}

export function indexBranchFacts(branch: readonly BranchEntry[]): BranchIndex {
  const positionOf = positionFinder(branch);
  const index: BranchIndex = { positionOf, results: new Map(), ambiguous: new Set(), edits: new Map() };
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
    // Only message entries hold tool results; the type test saves a call per other entry.
    const message = entry.type === "message" ? messageOf(entry) : undefined;
    if (!message) continue;
    if (message.role === "toolResult" && typeof message.toolCallId === "string") {
      if (index.results.has(message.toolCallId)) index.ambiguous.add(message.toolCallId);
      else {
        const site = { entryId: entry.id, index: position, isError: message.isError === true, message };
        index.results.set(message.toolCallId, site);
      }
    }
  }
  return index;
}

/** ok, error or the refusal from the one result paired by call id; unknown when there is none or more than one. */
export function outcomeOf(index: BranchIndex, callId: string): Outcome {
  const result = pairedResult(index, callId);
  if (!result) return "unknown";
  if (!result.isError) return "ok";
  return readRefusal(result.message)?.label ?? "error";
}

/** The single result paired with a call, or undefined when missing or ambiguous. */
export function pairedResult(index: BranchIndex, callId: string): ResultSite | undefined {
  return index.ambiguous.has(callId) ? undefined : index.results.get(callId);
}

/** A call in a response that was cut off (aborted or failed) and has no result never ran. */
export function neverRan(message: Record<string, unknown>, callId: string, index: BranchIndex): boolean {
  const stop = message.stopReason;
  return (stop === "aborted" || stop === "error") && !index.results.has(callId);
}
