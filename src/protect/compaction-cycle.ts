// Protected context around one compaction as pure steps, data in and data out: the registry is snapshotted in
// keel's session_before_compact handler, the snapshot becomes a pending verification when pi confirms the
// compaction, and the first request after it takes the pending verification (lifecycle.ts verifies it). A
// registry change or a failed compaction drops the snapshot, so a stale one is never verified.
import { type PendingVerification, restoreLifecycle } from "./lifecycle.ts";
import type { ProtectedItem, VerificationSummary } from "./types.ts";

export interface ProtectCycle {
  snapshot: ProtectedItem[] | undefined;
  pending: PendingVerification | undefined;
}

export const IDLE_CYCLE: ProtectCycle = { snapshot: undefined, pending: undefined };

/** session_start: no snapshot; the branch's unconsumed verification, if any, is pending again. */
export function cycleAfterStart(branch: Parameters<typeof restoreLifecycle>[0]): {
  cycle: ProtectCycle;
  lastVerification: VerificationSummary | undefined;
} {
  const restored = restoreLifecycle(branch);
  return {
    cycle: { snapshot: undefined, pending: restored.pending },
    lastVerification: restored.verifications.at(-1),
  };
}

/** session_before_compact: a copy of the registry's items as they are now. */
export function takeSnapshot(cycle: ProtectCycle, items: readonly ProtectedItem[]): ProtectCycle {
  // structuredClone has a fixed cost worth skipping for the common empty registry.
  return { ...cycle, snapshot: items.length === 0 ? [] : structuredClone([...items]) };
}

/** A registry change or a failed compaction: the snapshot no longer describes what will be compacted. */
export function dropSnapshot(cycle: ProtectCycle): ProtectCycle {
  return { ...cycle, snapshot: undefined };
}

export type AfterCompaction =
  /** The snapshot is pending; record it on the branch so a reload can verify it. */
  | { kind: "pending"; cycle: ProtectCycle; record: PendingVerification }
  /** No snapshot was taken before this compaction (another extension's, or a failed handler). */
  | { kind: "unverifiable"; cycle: ProtectCycle };

/** session_compact: the snapshot becomes the pending verification of this compaction. */
export function afterCompaction(cycle: ProtectCycle, compactionId: string): AfterCompaction {
  if (!cycle.snapshot) return { kind: "unverifiable", cycle: IDLE_CYCLE };
  const record: PendingVerification = { v: 1, compactionId, snapshot: cycle.snapshot };
  return { kind: "pending", cycle: { snapshot: undefined, pending: record }, record };
}

/** context: the first request after a compaction takes the pending verification, once. */
export function takePending(cycle: ProtectCycle): {
  cycle: ProtectCycle;
  pending: PendingVerification | undefined;
} {
  return { cycle: { ...cycle, pending: undefined }, pending: cycle.pending };
}
