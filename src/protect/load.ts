// Which protect state a branch carries: the latest `keel.protect.state` entry is authoritative; without one,
// the latest original `agent-context-guard-state` entry is imported. A malformed latest entry yields an empty,
// degraded registry and a warning — never a silent repair and never a fall back to an older entry.
import { latestCustomEntry } from "../session/custom-entries.ts";
import type { BranchEntry } from "../session/entries.ts";
import { ORIGINAL_STATE_TYPE, parseKeelState, parseOriginalState, STATE_TYPE } from "./state-schema.ts";
import { EMPTY_STATE, type ProtectState } from "./types.ts";

export interface LoadedState {
  state: ProtectState;
  source: "keel" | "original" | "none";
  degraded: boolean;
  /** A short, content-free warning for the user when the state could not be read. */
  warning?: string;
}

function latestCustom(branch: readonly BranchEntry[], type: string): { found: boolean; data: unknown } {
  const entry = latestCustomEntry(branch, type);
  return { found: entry !== undefined, data: entry?.data };
}

export function loadProtectState(branch: readonly BranchEntry[], now: string): LoadedState {
  const own = latestCustom(branch, STATE_TYPE);
  if (own.found) {
    const parsed = parseKeelState(own.data, now);
    if (parsed.ok) return { state: parsed.value, source: "keel", degraded: false };
    return {
      state: structuredClone(EMPTY_STATE),
      source: "keel",
      degraded: true,
      warning: `keel protect: the saved protected-context state is unreadable (${parsed.reason}); starting with an empty registry. Older saved states are not used.`,
    };
  }
  const original = latestCustom(branch, ORIGINAL_STATE_TYPE);
  if (!original.found) return { state: structuredClone(EMPTY_STATE), source: "none", degraded: false };
  const parsed = parseOriginalState(original.data, now);
  if (parsed.ok) return { state: parsed.value, source: "original", degraded: false };
  return {
    state: structuredClone(EMPTY_STATE),
    source: "original",
    degraded: true,
    warning: `keel protect: the context-guard state in this session is unreadable (${parsed.reason}); nothing was imported and the registry starts empty.`,
  };
}
