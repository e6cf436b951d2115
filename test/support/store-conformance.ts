// The store conformance checks, written once and run against every driver: in vitest for node:sqlite and
// libSQL, and in a spawned Bun process for bun:sqlite (see store-conformance-cli.ts).
import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { readStoredReport, storedColumnsOf } from "../../src/compact/stored-report.ts";
import { projectIndex } from "../../src/memory/meaning/record-vectors.ts";
import { nearest } from "../../src/memory/meaning/vector-index.ts";
import { blobBytes, packVector } from "../../src/memory/meaning/vectors.ts";
import { countCompactions, listCompactions, recordCompaction } from "../../src/store/compactions.ts";
import type { DriverName, KeelDb } from "../../src/store/db.ts";
import { deleteMemoryRows, insertMemoryRow, memoryUsage } from "../../src/store/memory-records.ts";
import { putVectors } from "../../src/store/memory-vector-writes.ts";
import { recordsWithoutVector, vectorPage, vectorStats } from "../../src/store/memory-vectors.ts";
import { EMBEDDED_MIGRATIONS } from "../../src/store/migrations.gen.ts";
import { openStore } from "../../src/store/open.ts";
import { listProjects, upsertProject } from "../../src/store/projects.ts";
import type { CompactionRow } from "../../src/store/schema/index.ts";
import { checkStore } from "../../src/store/self-check.ts";
import { RAW_READ_CHECKS } from "./store-conformance-raw.ts";
import { testStore } from "./temp.ts";

export type ConformanceCheck = (driver: DriverName, dir: string) => Promise<void>;

const project = { id: "p-1", root: "/work/demo", identitySource: "git" as const, name: "demo" };

function compaction(entryId: string, createdAt: number) {
  return {
    projectId: project.id,
    sessionId: "session-a",
    sessionFile: "/tmp/session-a.jsonl",
    entryId,
    strategy: "native",
    reason: "manual",
    fromExtension: false,
    tokensBefore: 1234,
    firstKeptEntryId: "k1",
    summaryChars: 42,
    createdAt,
  };
}

async function pragma(db: KeelDb, name: string): Promise<unknown> {
  const rows = (await db.all(sql.raw(`PRAGMA ${name}`))) as Array<Record<string, unknown>>;
  return Object.values(rows[0] ?? {})[0];
}

export const CONFORMANCE_CHECKS: Record<string, ConformanceCheck> = {
  "a new file is migrated with WAL, busy timeout and foreign keys": async (driver, dir) => {
    const store = await testStore(dir, "fresh.db", { driver });
    try {
      assert.equal(store.driver, driver);
      assert.equal(String(await pragma(store.db, "journal_mode")).toLowerCase(), "wal");
      assert.equal(Number(await pragma(store.db, "busy_timeout")), 5000);
      assert.equal(Number(await pragma(store.db, "foreign_keys")), 1);
    } finally {
      await store.close();
    }
    const report = await checkStore(join(dir, "fresh.db"), { driver });
    assert.ok(report.ok, report.ok ? "" : report.reason);
    assert.equal(report.value.migrationsApplied, EMBEDDED_MIGRATIONS.length);
    assert.equal(report.value.fts5, true);
  },
  "reopening applies no migration twice and keeps rows": async (driver, dir) => {
    const file = join(dir, "reopen.db");
    const first = await openStore(file, { driver });
    await upsertProject(first.db, project, 1000);
    await first.close();
    const second = await openStore(file, { driver });
    try {
      const applied = (await second.db.all(sql`select count(*) as n from __drizzle_migrations`)) as Array<{
        n: number;
      }>;
      assert.equal(Number(applied[0]?.n), EMBEDDED_MIGRATIONS.length);
      assert.equal((await listProjects(second.db)).length, 1);
    } finally {
      await second.close();
    }
  },
  "upsertProject keeps the first sighting and refreshes the rest": async (driver, dir) => {
    const store = await testStore(dir, "projects.db", { driver });
    try {
      await upsertProject(store.db, project, 1000);
      await upsertProject(store.db, { ...project, root: "/moved/demo", name: "demo2" }, 2000);
      const [row] = await listProjects(store.db);
      assert.deepEqual(row, {
        ...project,
        root: "/moved/demo",
        name: "demo2",
        firstSeenAt: 1000,
        lastSeenAt: 2000,
      });
    } finally {
      await store.close();
    }
  },
  "a compaction is recorded once per session entry and listed newest first": async (driver, dir) => {
    const store = await testStore(dir, "compactions.db", { driver });
    try {
      await upsertProject(store.db, project, 1000);
      assert.equal(await recordCompaction(store.db, compaction("e1", 1000)), true);
      assert.equal(await recordCompaction(store.db, compaction("e2", 3000)), true);
      assert.equal(await recordCompaction(store.db, compaction("e1", 5000)), false);
      const rows = await listCompactions(store.db, { projectId: project.id });
      assert.deepEqual(
        rows.map((r) => [r.entryId, r.createdAt, r.fromExtension]),
        [
          ["e2", 3000, false],
          ["e1", 1000, false],
        ],
      );
      assert.equal(await countCompactions(store.db, project.id), 2);
      assert.equal(await countCompactions(store.db, "other"), 0);
    } finally {
      await store.close();
    }
  },
  "a verified report is kept in its own column and a round-two row (report in gaps) still reads": async (
    driver,
    dir,
  ) => {
    const store = await testStore(dir, "report.db", { driver });
    try {
      await upsertProject(store.db, project, 1000);
      const report = {
        tokensAfter: 900,
        outcome: "patched",
        coverage: 0.8,
        modelCalls: 1,
        latencyMs: 5,
        gaps: ["unsupported-claim"],
        notice: 'verified compaction (balanced): 1 line removed: "all tests passed"',
        coverageAfter: 1,
        changes: [
          { action: "removed" as const, text: "all tests passed", why: "no test run in the session" },
        ],
      };
      await recordCompaction(store.db, {
        ...compaction("new", 2000),
        strategy: "verified",
        ...storedColumnsOf(report),
      });
      const roundTwo = JSON.stringify({
        gaps: ["missing-goal"],
        notice: "summary kept",
        coverageAfter: 1,
        changes: [],
      });
      await recordCompaction(store.db, { ...compaction("old", 1000), strategy: "verified", gaps: roundTwo });
      const [fresh, old] = await listCompactions(store.db, { projectId: project.id });
      assert.deepEqual(JSON.parse(fresh?.gaps ?? "null"), ["unsupported-claim"]);
      assert.deepEqual(readStoredReport(fresh as CompactionRow), {
        gaps: ["unsupported-claim"],
        notice: report.notice,
        coverageAfter: 1,
        changes: report.changes,
      });
      assert.equal(old?.report, null);
      assert.deepEqual(readStoredReport(old as CompactionRow), {
        gaps: ["missing-goal"],
        notice: "summary kept",
        coverageAfter: 1,
        changes: [],
      });
    } finally {
      await store.close();
    }
  },
  "memory usage totals follow every insert, change and delete, and the backfill agrees": async (
    driver,
    dir,
  ) => {
    const store = await testStore(dir, "usage.db", { driver });
    const other = { ...project, id: "p-2", root: "/work/other" };
    const row = (
      id: string,
      origin: "owner" | "agent" | "derived",
      bytes: number,
      projectId = project.id,
    ) => ({
      id,
      projectId,
      title: id,
      body: "x".repeat(bytes),
      kind: "fact",
      category: "other",
      origin,
      bytes,
      createdAt: 1,
      updatedAt: 1,
    });
    // The totals a full scan gives, to hold the trigger-kept ones against.
    const scanned = async (projectId: string) => {
      const [r] = (await store.db.all(
        sql`select count(*) filter (where origin <> 'derived') as records,
          coalesce(sum(bytes) filter (where origin <> 'derived'), 0) as bytes,
          count(*) filter (where origin = 'derived') as derived
          from memory_records where project_id = ${projectId}`,
      )) as Array<Record<string, number>>;
      return { records: Number(r?.records), bytes: Number(r?.bytes), derived: Number(r?.derived) };
    };
    try {
      await upsertProject(store.db, project, 1);
      await upsertProject(store.db, other, 1);
      assert.deepEqual(await memoryUsage(store.db, project.id), { records: 0, bytes: 0, derived: 0 });
      await insertMemoryRow(store.db, row("a", "owner", 100));
      await insertMemoryRow(store.db, row("b", "agent", 40));
      await insertMemoryRow(store.db, row("c", "derived", 500));
      await insertMemoryRow(store.db, row("d", "agent", 7, other.id));
      assert.deepEqual(await memoryUsage(store.db, project.id), { records: 2, bytes: 140, derived: 1 });
      await store.db.run(sql`update memory_records set bytes = 60 where id = 'b'`);
      await store.db.run(sql`update memory_records set origin = 'agent' where id = 'c'`);
      await store.db.run(sql`update memory_records set project_id = ${other.id} where id = 'a'`);
      assert.deepEqual(await memoryUsage(store.db, project.id), await scanned(project.id));
      assert.deepEqual(await memoryUsage(store.db, project.id), { records: 2, bytes: 560, derived: 0 });
      assert.deepEqual(await memoryUsage(store.db, other.id), { records: 2, bytes: 107, derived: 0 });
      await deleteMemoryRows(store.db, other.id, ["d"]);
      assert.deepEqual(await memoryUsage(store.db, other.id), await scanned(other.id));
      // The migration's backfill, run again on the current rows, gives the same totals the triggers kept.
      const kept = [await memoryUsage(store.db, project.id), await memoryUsage(store.db, other.id)];
      const backfill = EMBEDDED_MIGRATIONS.find((m) => m.name.endsWith("_memory_usage_triggers"))?.sql[0];
      assert.ok(backfill);
      await store.db.run(sql`delete from memory_usage`);
      await store.db.run(sql.raw(backfill));
      assert.deepEqual(
        [await memoryUsage(store.db, project.id), await memoryUsage(store.db, other.id)],
        kept,
      );
    } finally {
      await store.close();
    }
  },
  "memory vectors round-trip as blobs, feed the index and go with their record": async (driver, dir) => {
    const store = await openStore(join(dir, "vectors.db"), { driver });
    const unit = (hot: number) => Float32Array.from({ length: 8 }, (_, i) => (i === hot ? 0.9 : 0.1));
    try {
      await upsertProject(store.db, project, 1);
      for (const id of ["a", "b", "c"])
        await insertMemoryRow(store.db, {
          id,
          projectId: project.id,
          title: id,
          body: `body ${id}`,
          kind: "fact",
          category: "other",
          origin: "agent",
          bytes: 6,
          createdAt: 1,
          updatedAt: 1,
        });
      const missing = await recordsWithoutVector(store.read, project.id, "m", 10);
      assert.deepEqual(
        missing.map((r) => r.title),
        ["c", "b", "a"],
      );
      const packed = missing.map((r, i) => ({
        recordSeq: r.seq,
        textHash: "h",
        vector: packVector(unit(i)),
      }));
      await putVectors(store.db, project.id, "m", packed, 2);
      assert.equal((await recordsWithoutVector(store.read, project.id, "m", 10)).length, 0);
      const page = await vectorPage(store.read, project.id, "m", 0, 10);
      assert.deepEqual(
        page.map((row) => [...(blobBytes(row.vector) ?? [])]),
        packed.map((v) => [...v.vector]),
      );
      const index = await projectIndex(store.read, project.id, "m", 8);
      assert.equal(nearest(index, unit(1), 1)[0]?.seq, missing[1]!.seq);
      await deleteMemoryRows(store.db, project.id, ["b"]);
      assert.deepEqual(await vectorStats(store.read, project.id, "m"), { embedded: 2, bytes: 24, total: 2 });
      const again = await projectIndex(store.read, project.id, "m", 8);
      assert.equal(again.size, 2);
    } finally {
      await store.close();
    }
  },
  "foreign keys reject a compaction of an unknown project": async (driver, dir) => {
    const store = await testStore(dir, "fk.db", { driver });
    try {
      await assert.rejects(recordCompaction(store.db, { ...compaction("e9", 1), projectId: "missing" }));
      assert.equal(await countCompactions(store.db), 0);
    } finally {
      await store.close();
    }
  },
  ...RAW_READ_CHECKS,
};

/** Runs every check and returns the names that failed with their messages. */
export async function runConformance(
  driver: DriverName,
  dir: string,
): Promise<Record<string, string | null>> {
  const results: Record<string, string | null> = {};
  for (const [name, check] of Object.entries(CONFORMANCE_CHECKS)) {
    try {
      await check(driver, dir);
      results[name] = null;
    } catch (error) {
      results[name] = error instanceof Error ? error.message : String(error);
    }
  }
  return results;
}
