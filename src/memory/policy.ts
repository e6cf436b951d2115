// The per-project memory policy (quota, cleanup mode, session expiry) and the transaction helper that lets an
// expected failure roll a transaction back while still being returned as a value.
import { nodeCrypto } from "../core/builtins.ts";
import type { Clock } from "../core/clock.ts";
import { ok } from "../core/result.ts";
import type { KeelDb, SqlReader } from "../store/db.ts";
import { ensurePolicyRow, setPolicyRow } from "../store/memory-records.ts";
import { withTransaction } from "../store/transaction.ts";
import { type CleanupMode, DEFAULT_POLICY, type MemoryPolicy, type MemoryResult } from "./model.ts";

export interface MemoryDeps {
  db: KeelDb;
  /** Raw reads (search uses them, so it needs no Drizzle). */
  read: SqlReader;
  clock: Clock;
  /** Drizzle, loaded first when the store was opened for raw reads only (absent: `db` is always there). */
  orm?: () => Promise<KeelDb>;
}

export interface EffectivePolicy extends MemoryPolicy {
  revision: number;
  tokenKey: string;
}

export async function readPolicy(db: KeelDb, projectId: string): Promise<EffectivePolicy> {
  const row = await ensurePolicyRow(db, projectId, () => nodeCrypto().randomBytes(32).toString("hex"));
  return {
    maxBytes: row.maxBytes ?? DEFAULT_POLICY.maxBytes,
    cleanupMode: row.cleanupMode ?? DEFAULT_POLICY.cleanupMode,
    sessionTtlMs: DEFAULT_POLICY.sessionTtlMs,
    revision: row.revision,
    tokenKey: row.tokenKey,
  };
}

/** Sets the quota and cleanup mode for a project (a user decision: the CLI offers it, the tool does not). */
export async function setPolicy(
  db: KeelDb,
  projectId: string,
  patch: { maxBytes?: number | null; cleanupMode?: CleanupMode | null },
): Promise<MemoryPolicy> {
  await readPolicy(db, projectId);
  await setPolicyRow(db, projectId, patch);
  const { maxBytes, cleanupMode, sessionTtlMs } = await readPolicy(db, projectId);
  return { maxBytes, cleanupMode, sessionTtlMs };
}

/** Carries an expected failure out of a transaction body so the transaction rolls back. */
class Rollback extends Error {
  readonly result: MemoryResult<never>;
  constructor(result: MemoryResult<never>) {
    super("memory transaction rolled back");
    this.result = result;
  }
}

/** Ends the current transaction with `result` (a failure value) after rolling it back. */
export function rollbackWith(result: MemoryResult<never>): never {
  throw new Rollback(result);
}

/** withTransaction for memory operations: a rollbackWith() inside becomes the returned failure value. */
export async function memoryTransaction<T>(
  db: KeelDb,
  body: (tx: KeelDb) => Promise<T>,
): Promise<MemoryResult<T>> {
  try {
    return ok(await withTransaction(db, body));
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    throw error;
  }
}
