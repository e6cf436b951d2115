// Rewind planning for read-only research detours: everything after the active checkpoint leaves model context
// (never the session file) and one report takes its place. Refused when the detour holds a user message, a
// compaction, a mutating, unknown or failed tool call, or media, or when it needs more edits than the cap.

import { counted } from "../../core/plural.ts";
import { ok, type Result } from "../../core/result.ts";
import { scrubSecrets } from "../../core/secrets.ts";
import { type BranchEntry, isTextOnly, messageOf, toolCallsOf } from "../../session/entries.ts";
import type { BranchScan } from "./branch-scan.ts";
import { DEFAULT_LIMITS, type HygieneLimits, isReadOnlyTool, isRecoveryTool } from "./policy.ts";

export type RewindPlan = Result<{ checkpointId: string; omit: string[] }>;

const admitted = (name: string) => isReadOnlyTool(name) || isRecoveryTool(name);

export function planRewind(scan: BranchScan, limits: HygieneLimits = DEFAULT_LIMITS): RewindPlan {
  const checkpoint = scan.checkpoint;
  if (!checkpoint)
    return { ok: false, reason: "no active checkpoint on this branch (set one with action checkpoint)" };
  const anchor = scan.positionOf(checkpoint.anchorId);
  if (anchor === undefined)
    return { ok: false, reason: "the checkpoint's prefix is no longer on this branch" };
  const omit: string[] = [];
  for (let i = anchor + 1; i < scan.entries.length; i++) {
    const entry = scan.entries[i]!;
    const refusal = refusalFor(entry) ?? orphanRisk(scan, entry, anchor);
    if (refusal)
      return {
        ok: false,
        reason: `${refusal} after the checkpoint (entry ${entry.id}); nothing was rewound`,
      };
    if (entry.type === "message" && scan.edits.get(entry.id) !== null) omit.push(entry.id);
  }
  if (omit.length > limits.maxRewindEdits)
    return {
      ok: false,
      reason: `the detour needs ${omit.length} edits, more than ${limits.maxRewindEdits}; nothing was rewound`,
    };
  return ok({ checkpointId: checkpoint.id, omit });
}

/** Omitting a result whose call stays in the prefix would orphan the call. */
function orphanRisk(scan: BranchScan, entry: BranchEntry, anchor: number): string | undefined {
  const message = messageOf(entry);
  if (message?.role !== "toolResult" || typeof message.toolCallId !== "string") return undefined;
  const call = scan.calls.get(message.toolCallId);
  return call && call.index > anchor ? undefined : "a result whose call is inside the checkpoint prefix";
}

function refusalFor(entry: BranchEntry): string | undefined {
  if (entry.type === "compaction" || entry.type === "branch_summary") return "a compaction or branch summary";
  if (entry.type === "custom_message") return "an injected message";
  const message = messageOf(entry);
  if (!message) return undefined;
  if (message.role === "user") return "a user message";
  if (message.role === "bashExecution") return "a user shell command";
  if (message.role === "assistant") {
    const bad = toolCallsOf(message).find((call) => !admitted(call.name));
    return bad ? `a ${bad.name} call (not read-only)` : undefined;
  }
  if (message.role === "toolResult") {
    if (message.isError === true) return "a failed tool call";
    if (!isTextOnly(message.content)) return "a non-text tool result";
    return undefined;
  }
  return `a ${String(message.role)} message`;
}

export function rewindReport(omitted: number, handoff: string): string {
  return [
    `[keel: rewound a read-only detour to its checkpoint: ${counted(omitted, "entry", "entries")} left model context; they stay in the session file and keel_context can still search them. Files and processes were not rolled back.]`,
    handoff.trim() === ""
      ? "(no report given)"
      : `Report from the detour:\n${scrubSecrets(handoff.trim()).text}`,
  ].join("\n");
}
