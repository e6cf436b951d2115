// Conformance checks of the store's raw reader (Store.read), the path the hot read commands take without Drizzle:
// a store opened with `{ orm: false }` still migrates and reads, and the status reads return exactly the rows and
// counts Drizzle's tables give (key order included, since `keel status --json` prints them).
import assert from "node:assert/strict";
import { join } from "node:path";
import { countCompactions, listCompactions, recordCompaction } from "../../src/store/compactions.ts";
import type { DriverName, Store } from "../../src/store/db.ts";
import { listEvidence } from "../../src/store/guard-evidence.ts";
import { countJournal } from "../../src/store/guard-journal.ts";
import { listProjectLoops } from "../../src/store/guard-loops.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { guardEvidence, guardJournal, guardLoops } from "../../src/store/schema/index.ts";
import { readProjectStatus, readRecentCompactions } from "../../src/store/status-read.ts";

type Check = (driver: DriverName, dir: string) => Promise<void>;

const project = { id: "p-raw", root: "/work/raw", identitySource: "git" as const, name: "raw" };

/** Compactions of every shape the status shows: native and verified, from the extension or not, null columns. */
function compactionRows() {
  return [0, 1, 2, 3, 4, 5, 6].map((i) => ({
    projectId: project.id,
    sessionId: `session-${i % 2}`,
    sessionFile: i === 3 ? null : `/tmp/session-${i % 2}.jsonl`,
    entryId: `e${i}`,
    strategy: i % 3 === 0 ? "verified" : "native",
    reason: i % 2 ? "threshold" : "manual",
    fromExtension: i % 2 === 1,
    tokensBefore: i === 2 ? null : 1000 + i,
    firstKeptEntryId: i === 4 ? null : `k${i}`,
    summaryChars: 40 + i,
    tokensAfter: i % 2 ? 300 + i : null,
    tokensAfterBasis: i % 2 ? "measured" : null,
    coverage: i % 3 === 0 ? 0.75 + i / 100 : null,
    outcome: i % 3 === 0 ? "verified" : null,
    modelCalls: i % 3 === 0 ? 2 : null,
    latencyMs: i % 3 === 0 ? 1500 : null,
    gaps:
      i % 3 === 0 ? JSON.stringify({ gaps: ["path"], notice: null, coverageAfter: 0.9, changes: [] }) : null,
    // Two rows share a time, so the id breaks the tie as Drizzle's order does.
    createdAt: 10_000 + (i === 5 ? 4 : i) * 1000,
  }));
}

async function seed(driver: DriverName, file: string): Promise<void> {
  const store = await openStore(file, { driver });
  try {
    const { db } = store;
    await upsertProject(db, project, 1);
    await upsertProject(db, { ...project, id: "p-other", root: "/work/other" }, 1);
    for (const row of compactionRows()) await recordCompaction(db, row);
    await recordCompaction(db, { ...compactionRows()[0]!, projectId: "p-other", entryId: "other" });
    const numbered = (number: number) => ({ projectId: project.id, number, sessionId: "session-0" });
    for (const n of [1, 2, 3])
      await db
        .insert(guardJournal)
        .values({ ...numbered(n), type: "note", text: `entry ${n}`, origin: "owner", createdAt: n });
    for (const [n, exitCode] of [
      [1, 0],
      [2, null],
    ] as const)
      await db.insert(guardEvidence).values({
        ...numbered(n),
        command: `npm test #${n}`,
        exitCode,
        timedOut: false,
        durationMs: 10,
        outputSha256: "0".repeat(64),
        outputBytes: 0,
        outputTail: "",
        trusted: true,
        createdAt: n,
      });
    for (const [fingerprint, refusals] of [
      ["a", 0],
      ["b", 2],
      ["c", 1],
    ] as const)
      await db.insert(guardLoops).values({
        sessionId: "session-0",
        fingerprint,
        projectId: project.id,
        command: "npm test",
        failures: 3,
        refusals,
        updatedAt: 1,
      });
  } finally {
    await store.close();
  }
}

export const RAW_READ_CHECKS: Record<string, Check> = {
  "raw status reads give exactly the rows and counts Drizzle's tables give": async (driver, dir) => {
    const file = join(dir, "status.db");
    await seed(driver, file);
    const store = await openStore(file, { driver });
    try {
      for (const limit of [1, 5, 50]) {
        const drizzleRows = await listCompactions(store.db, { projectId: project.id, limit });
        const raw = await readRecentCompactions(store.read, project.id, limit);
        assert.equal(JSON.stringify(raw), JSON.stringify(drizzleRows), `limit ${limit}`);
      }
      const loops = await listProjectLoops(store.db, project.id);
      const [evidence] = await listEvidence(store.db, project.id, 1);
      assert.deepEqual(await readProjectStatus(store.read, project.id), {
        compactions: await countCompactions(store.db, project.id),
        journalEntries: await countJournal(store.db, project.id),
        openLoops: loops.length,
        refusedLoops: loops.filter((loop) => loop.refusals > 0).length,
        lastEvidence: { number: evidence!.number, exitCode: evidence!.exitCode, command: evidence!.command },
      });
      assert.deepEqual(await readProjectStatus(store.read, "p-none"), {
        compactions: 0,
        journalEntries: 0,
        openLoops: 0,
        refusedLoops: 0,
        lastEvidence: null,
      });
    } finally {
      await store.close();
    }
  },
  "the raw reader's version moves after a write here or a commit elsewhere, and only then": async (
    driver,
    dir,
  ) => {
    const file = join(dir, "version.db");
    const store = await openStore(file, { driver });
    try {
      assert.ok(store.read.version, "a store file can tell its version");
      const version = () => store.read.version!();
      const first = await version();
      assert.equal(await version(), first, "reads move nothing");
      await upsertProject(store.db, project, 1);
      const afterWrite = await version();
      assert.notEqual(afterWrite, first, "a write on this connection");
      const other = await openStore(file, { driver });
      try {
        await upsertProject(other.db, { ...project, id: "p-elsewhere", root: "/work/elsewhere" }, 1);
      } finally {
        await other.close();
      }
      assert.notEqual(await version(), afterWrite, "a commit on another connection");
    } finally {
      await store.close();
    }
  },
  "a store opened without Drizzle is still migrated, reads raw and refuses db once current": async (
    driver,
    dir,
  ) => {
    const file = join(dir, "raw-only.db");
    const count = async (store: Store) =>
      Number(
        (await store.read.all<{ n: number }>("select count(*) as n from projects where id = ?", ["x"]))[0]?.n,
      );
    // A new file needs its migrations, so Drizzle is loaded for them and the tables exist.
    const fresh = await openStore(file, { driver, orm: false });
    try {
      assert.equal(await count(fresh), 0);
    } finally {
      await fresh.close();
    }
    const current = await openStore(file, { driver, orm: false });
    try {
      assert.equal(await count(current), 0);
      // libSQL always loads Drizzle (remote stores are never the hot path); the local drivers leave it out.
      if (driver === "libsql") assert.ok(current.db);
      else assert.throws(() => current.db, /opened for raw reads only/);
    } finally {
      await current.close();
    }
  },
};
