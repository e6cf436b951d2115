// Store functions for loop streaks and per-session guard state, so the brake and the frozen scope baseline
// survive a reload and are shared by pi and the CLI.
import { and, desc, eq } from "drizzle-orm";
import { redact } from "../core/secrets.ts";
import type { KeelDb } from "./db.ts";
import { guardLoops, guardSessions } from "./schema/index.ts";
import { withTransaction } from "./transaction.ts";

/** One failure streak: the same command failing the same way on the same working tree. */
export interface LoopStreak {
  failures: number;
  command: string;
  /** HEAD and tree hash the last failure left behind (null outside git). */
  tree: string | null;
  /** Digest of the last failure's normalised output. */
  digest: string;
  /** Attempts refused in this streak. */
  refusals: number;
}

/** Failure streaks per command fingerprint (the loop brake's state, as stored). */
export interface LoopState {
  streaks: Record<string, LoopStreak>;
}

export async function loadLoopState(db: KeelDb, sessionId: string): Promise<LoopState> {
  const rows = await db.select().from(guardLoops).where(eq(guardLoops.sessionId, sessionId));
  return {
    streaks: Object.fromEntries(
      rows.map((r) => [
        r.fingerprint,
        {
          failures: r.failures,
          command: r.command,
          tree: r.treeState,
          digest: r.outputDigest,
          refusals: r.refusals,
        },
      ]),
    ),
  };
}

/** Writes the streaks of `next` for the given fingerprints (cleared ones are deleted). */
export async function saveLoopStreaks(
  db: KeelDb,
  scope: { sessionId: string; projectId: string; now: number },
  next: LoopState,
  fingerprints: string[],
): Promise<void> {
  await withTransaction(db, async (tx) => {
    for (const fingerprint of fingerprints) {
      const streak = next.streaks[fingerprint];
      const key = and(eq(guardLoops.sessionId, scope.sessionId), eq(guardLoops.fingerprint, fingerprint));
      const command = streak ? redact(streak.command) : "";
      if (!streak) {
        await tx.delete(guardLoops).where(key);
        continue;
      }
      const set = {
        failures: streak.failures,
        command,
        treeState: streak.tree,
        outputDigest: streak.digest,
        refusals: streak.refusals,
        updatedAt: scope.now,
      };
      await tx
        .insert(guardLoops)
        .values({ ...scope, fingerprint, ...set })
        .onConflictDoUpdate({ target: [guardLoops.sessionId, guardLoops.fingerprint], set });
    }
  });
}

export type GuardSession = typeof guardSessions.$inferSelect;

/** Starts a session's guard state once: a reload keeps the first baseline. */
export async function ensureGuardSession(db: KeelDb, row: GuardSession): Promise<GuardSession> {
  await db.insert(guardSessions).values(row).onConflictDoNothing({ target: guardSessions.sessionId });
  const [stored] = await db.select().from(guardSessions).where(eq(guardSessions.sessionId, row.sessionId));
  return stored as GuardSession;
}

export async function setBriefDigest(db: KeelDb, sessionId: string, digest: string | null): Promise<void> {
  await db.update(guardSessions).set({ briefDigest: digest }).where(eq(guardSessions.sessionId, sessionId));
}

/** Open loops across the project's sessions, worst first (for `keel loops`). */
export async function listProjectLoops(
  db: KeelDb,
  projectId: string,
): Promise<Array<typeof guardLoops.$inferSelect>> {
  return db
    .select()
    .from(guardLoops)
    .where(eq(guardLoops.projectId, projectId))
    .orderBy(desc(guardLoops.failures));
}
