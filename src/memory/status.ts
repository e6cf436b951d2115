// A project's memory at a glance: record counts and bytes against the quota, cleanup mode and revision, how
// many records are waiting for cleanup, and how far meaning search has embedded them (without loading the model).
import { allLinks, memoryUsage, retentionRows } from "../store/memory-records.ts";
import { vectorStats } from "../store/memory-vectors.ts";
import { EMBED_MODEL_ID, locateModelFiles } from "./meaning/model-files.ts";
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
  /** Meaning search: the model, how many records (owner, agent and derived) have its vector, and their bytes. */
  meaning: { model: string; available: boolean; embedded: number; records: number; indexBytes: number };
}

export async function memoryStatus(deps: MemoryDeps, projectId: string): Promise<MemoryStatus> {
  const policy = await readPolicy(deps.db, projectId);
  const [usage, rows, links, vectors] = await Promise.all([
    memoryUsage(deps.db, projectId),
    retentionRows(deps.db, projectId),
    allLinks(deps.db, projectId),
    vectorStats(deps.read, projectId, EMBED_MODEL_ID),
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
    meaning: {
      model: EMBED_MODEL_ID,
      available: locateModelFiles() !== null,
      embedded: vectors.embedded,
      records: vectors.total,
      indexBytes: vectors.bytes,
    },
  };
}
