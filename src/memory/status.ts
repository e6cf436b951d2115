// A project's memory at a glance: record counts and bytes against the quota, cleanup mode and revision, and how
// many records are waiting for cleanup.
import { allLinks, memoryUsage, retentionRows } from "../store/memory-records.ts";
import type { CleanupMode } from "./model.ts";
import { type MemoryDeps, readPolicy } from "./policy.ts";
import { obsoleteRecords } from "./retention.ts";

export interface MemoryStatus {
  projectId: string;
  records: number;
  bytes: number;
  limitBytes: number;
  overLimit: boolean;
  derivedRecords: number;
  cleanupMode: CleanupMode;
  revision: number;
  /** Expired or superseded records cleanup may remove now. */
  obsoleteRecords: number;
  pinnedRecords: number;
}

export async function memoryStatus(deps: MemoryDeps, projectId: string): Promise<MemoryStatus> {
  const policy = await readPolicy(deps.db, projectId);
  const [usage, rows, links] = await Promise.all([
    memoryUsage(deps.db, projectId),
    retentionRows(deps.db, projectId),
    allLinks(deps.db, projectId),
  ]);
  return {
    projectId,
    records: usage.records,
    bytes: usage.bytes,
    limitBytes: policy.maxBytes,
    overLimit: usage.bytes > policy.maxBytes,
    derivedRecords: usage.derived,
    cleanupMode: policy.cleanupMode,
    revision: policy.revision,
    obsoleteRecords: obsoleteRecords(rows, links, deps.clock.now()).length,
    pinnedRecords: rows.filter((r) => r.pinned).length,
  };
}
