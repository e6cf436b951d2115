// Cumulative read/modified file lists and their retained-evidence annotations.
// Lists record file operations in compacted history; annotations say what the uncompacted tail still shows
// about each path as of this checkpoint (full/partial read, write content, then edited, order uncertain…).
// No filesystem reads: everything comes from the branch entries and pi's model-context projection rules.
import {
  asRecord,
  type BranchEntry,
  isTextOnly,
  messageOf,
  type ToolCallInfo,
  textOf,
  toolCallsOf,
} from "../../session/entries.ts";
import { type BranchIndex, type CallSite, neverRan, pairedResult } from "./branch-index.ts";
import { displayPath } from "./signature.ts";
import { fileOperation, pathArg } from "./tool-args.ts";

export interface FileLists {
  readFiles: string[];
  modifiedFiles: string[];
}

const MUTATING = new Set(["write", "edit"]);

/** Adds the file operations of entries [from, to) to the previous cumulative lists. */
export function accumulateFileLists(
  previous: FileLists,
  branch: readonly BranchEntry[],
  from: number,
  to: number,
  cwd: string,
  index: BranchIndex,
): FileLists {
  const read = new Set(previous.readFiles);
  const modified = new Set(previous.modifiedFiles);
  const note = (call: Pick<ToolCallInfo, "name" | "args">) => {
    const operation = fileOperation(call);
    if (operation) (operation.kind === "modified" ? modified : read).add(displayPath(operation.path, cwd));
  };
  for (let i = from; i < to; i++) {
    const message = messageOf(branch[i]!);
    if (message?.role === "assistant") {
      for (const call of toolCallsOf(message)) if (!neverRan(message, call.id, index)) note(call);
    } else if (message?.role === "toolResult" && message.nestedCalls !== undefined) {
      for (const nested of nestedCalls(message))
        if (nested.args) note({ name: nested.name, args: nested.args });
    }
  }
  for (const path of modified) read.delete(path);
  return { readFiles: [...read].sort(), modifiedFiles: [...modified].sort() };
}

/** Calls a tool made on the model's behalf (recorded on its result), with their arguments when kept. */
function nestedCalls(
  message: Record<string, unknown> | undefined,
): { name: string; args?: Record<string, unknown> }[] {
  if (message?.role !== "toolResult") return [];
  const calls = asRecord(message.nestedCalls)?.calls;
  if (!Array.isArray(calls)) return [];
  const out: { name: string; args?: Record<string, unknown> }[] = [];
  for (const raw of calls) {
    const call = asRecord(raw);
    if (typeof call?.name === "string" && call.status !== "error")
      out.push({ name: call.name, args: asRecord(call.arguments) });
  }
  return out;
}

type Snapshot = "full" | "partial" | "uncertain" | "write";

interface PathState {
  snapshot?: Snapshot;
  /** Assistant entry that issued the snapshot's call, to spot same-message siblings. */
  issuedBy?: string;
  mutatedAfter: boolean;
  orderUncertain: boolean;
}

const CONTINUATION =
  /\[(?:Showing lines \d+-\d+ of \d+[^\]]*|\d+ more lines in file)\. Use offset=\d+ to continue\.\]/;

function readCompleteness(call: CallSite, result: Record<string, unknown>, replaced: boolean): Snapshot {
  if (replaced || !isTextOnly(result.content)) return "uncertain";
  const truncation = asRecord(asRecord(result.details)?.truncation);
  if (truncation?.truncated === true) return "partial";
  const text = textOf(result.content);
  // The literal check first: most outputs have no continuation notice, and includes() is far cheaper than the regex.
  if (text.includes("Use offset=") && CONTINUATION.test(text)) return "partial";
  const offset = call.call.args.offset;
  if (typeof offset === "number" && offset > 1) return "partial";
  return "full";
}

/** Evidence in the tail (entries from `from` on), per displayed path. */
export function tailEvidence(
  branch: readonly BranchEntry[],
  from: number,
  index: BranchIndex,
  cwd: string,
): Map<string, PathState> {
  const states = new Map<string, PathState>();
  const stateOf = (path: string) => {
    const known = states.get(path);
    if (known) return known;
    const state: PathState = { mutatedAfter: false, orderUncertain: false };
    states.set(path, state);
    return state;
  };
  const calls = new Map<string, CallSite>();
  for (let i = from; i < branch.length; i++) {
    const entry = branch[i]!;
    const message = messageOf(entry);
    if (message?.role === "assistant") {
      for (const call of toolCallsOf(message))
        if (call.id) calls.set(call.id, { call, entryId: entry.id, index: i });
    }
    if (message?.role !== "toolResult" || typeof message.toolCallId !== "string") continue;
    const edit = index.edits.get(entry.id);
    for (const nested of nestedCalls(message)) {
      const path = nested.args ? pathArg(nested.name, nested.args) : undefined;
      if (path && MUTATING.has(nested.name)) markMutation(stateOf(displayPath(path, cwd)), undefined);
    }
    const site = calls.get(message.toolCallId);
    const paired = pairedResult(index, message.toolCallId) !== undefined;
    const path = site ? pathArg(site.call.name, site.call.args) : undefined;
    if (!site || !path || site.index < from || !paired) continue;
    const state = stateOf(displayPath(path, cwd));
    const failed = message.isError === true;
    if (site.call.name === "read" && !failed && edit !== null) {
      takeSnapshot(state, readCompleteness(site, message, edit !== undefined), site.entryId);
    } else if (site.call.name === "write" && !failed) {
      const sameMessage = state.snapshot !== undefined && state.issuedBy === site.entryId;
      takeSnapshot(state, edit === null ? "uncertain" : "write", site.entryId, true);
      if (sameMessage) state.orderUncertain = true;
    } else if (site.call.name === "edit" && !failed) {
      markMutation(state, site.entryId);
    }
  }
  return states;
}

function takeSnapshot(state: PathState, kind: Snapshot, issuedBy: string, force = false): void {
  const keepEarlierFull =
    !force &&
    kind === "partial" &&
    !state.mutatedAfter &&
    (state.snapshot === "full" || state.snapshot === "write");
  if (keepEarlierFull) return;
  state.snapshot = kind;
  state.issuedBy = issuedBy;
  state.mutatedAfter = false;
  state.orderUncertain = false;
}

function markMutation(state: PathState, issuedBy: string | undefined): void {
  if (state.snapshot === undefined) return;
  if (issuedBy !== undefined && issuedBy === state.issuedBy) state.orderUncertain = true;
  else state.mutatedAfter = true;
}

const SNAPSHOT_LABEL: Record<Snapshot, string> = {
  full: "full read in tail",
  partial: "partial read in tail",
  uncertain: "read output in tail",
  write: "write content in tail",
};

/** The annotation for one listed path, or undefined for the stated default. */
export function annotate(
  state: PathState | undefined,
  modified: boolean,
  startupRetained: boolean,
): string | undefined {
  if (state?.snapshot) {
    const base = state.snapshot === "write" ? "write content in tail" : "read in tail";
    if (state.orderUncertain) return `${base}; order uncertain`;
    if (state.mutatedAfter) return `${base}, then edited`;
    return SNAPSHOT_LABEL[state.snapshot];
  }
  if (startupRetained) return "startup read retained in this checkpoint";
  return modified ? "no read-tool output in tail" : undefined;
}
