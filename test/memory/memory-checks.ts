// Memory engine checks written once and run on every driver: in vitest for node:sqlite and libSQL, and in a
// spawned Bun for bun:sqlite (memory-checks-cli.ts). Each check opens its own store file in `dir`.
import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { applyMemoryCleanup, planMemoryCleanup } from "../../src/memory/cleanup.ts";
import { indexCompactionFacts } from "../../src/memory/derived.ts";
import { searchMemory } from "../../src/memory/meaning/hybrid-search.ts";
import type { RecordInput, WriteContext } from "../../src/memory/model.ts";
import type { MemoryDeps } from "../../src/memory/policy.ts";
import { setPolicy } from "../../src/memory/policy.ts";
import { readMemory, recordMemory, setRetention, supersedeMemory } from "../../src/memory/records.ts";
import type { DriverName, Store } from "../../src/store/db.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";

export type MemoryCheck = (driver: DriverName, dir: string) => Promise<void>;

const DAY = 24 * 60 * 60 * 1000;

export interface Fixture {
  store: Store;
  deps: MemoryDeps & { advance(ms: number): void };
  ctx: (projectId?: string) => WriteContext;
  record(input: Partial<RecordInput> & { title: string }, projectId?: string): Promise<string>;
}

export async function openFixture(driver: DriverName, file: string): Promise<Fixture> {
  const store = await openStore(file, { driver });
  for (const id of ["proj-a", "proj-b"])
    await upsertProject(store.db, { id, root: `/work/${id}`, identitySource: "git", name: id }, 1);
  let now = Date.UTC(2027, 0, 1);
  const deps = {
    db: store.db,
    read: store.read,
    clock: { now: () => now },
    advance: (ms: number) => (now += ms),
  };
  const ctx = (projectId = "proj-a"): WriteContext => ({
    projectId,
    origin: "agent",
    provenance: { sessionId: "sess-1", head: "a".repeat(40), worktree: "/work/proj-a" },
  });
  const record = async (input: Partial<RecordInput> & { title: string }, projectId = "proj-a") => {
    deps.advance(1000);
    const out = await recordMemory(deps, ctx(projectId), {
      body: "",
      kind: "fact",
      category: "other",
      ...input,
    });
    if (!out.ok) throw new Error(`record failed: ${out.reason.code} ${out.reason.message}`);
    return out.value.record.id;
  };
  return { store, deps, ctx, record };
}

async function withFixture(
  driver: DriverName,
  dir: string,
  name: string,
  body: (f: Fixture) => Promise<void>,
) {
  const f = await openFixture(driver, join(dir, `${name}.db`));
  try {
    await body(f);
  } finally {
    await f.store.close();
  }
}

export const MEMORY_CHECKS: Record<string, MemoryCheck> = {
  "search ranks title and tag matches first and keeps projects apart": (driver, dir) =>
    withFixture(driver, dir, "search", async (f) => {
      const cache = await f.record({
        title: "Cache layer",
        body: "Routes are cached in Valkey.",
        tags: ["cache"],
      });
      await f.record({ title: "Deploy notes", body: "The cache is warmed after each deploy." });
      await f.record({ title: "Cache layer", body: "Project B caches in Memcached." }, "proj-b");
      const out = await searchMemory(f.deps, "proj-a", { query: "which cache do we use?" });
      assert.ok(out.ok);
      assert.equal(out.value.results.length, 2);
      assert.equal(out.value.results[0]!.id, cache);
      assert.ok(out.value.results.every((r) => !r.excerpt.includes("Memcached")));
      const other = await searchMemory(f.deps, "proj-b", { query: "valkey" });
      assert.ok(other.ok);
      // Project B's own Memcached record may come back by meaning (a similar store); project A's never does.
      assert.ok(other.value.results.every((r) => r.id !== cache && r.match === "meaning"));
      assert.ok(other.value.results.every((r) => !r.excerpt.includes("Valkey")));
      const read = await readMemory(f.deps, "proj-b", cache);
      assert.equal(read.ok, false);
    }),

  "kind filters, limits and weak matches are reported": (driver, dir) =>
    withFixture(driver, dir, "filters", async (f) => {
      await f.record({ title: "Release runbook", body: "Tag, then push.", kind: "runbook" });
      const decision = await f.record({
        title: "Release cadence",
        body: "We release weekly.",
        kind: "decision",
      });
      const out = await searchMemory(f.deps, "proj-a", { query: "release", kinds: ["decision"] });
      assert.ok(out.ok);
      assert.deepEqual(
        out.value.results.map((r) => r.id),
        [decision],
      );
      const weak = await searchMemory(f.deps, "proj-a", { query: "which payment processor charges cards" });
      assert.ok(weak.ok);
      assert.equal(weak.value.confident, false);
      const bad = await searchMemory(f.deps, "proj-a", { query: "x", limit: 0 });
      assert.equal(bad.ok, false);
    }),

  "supersession: current first, chain on read, superseded only when asked": (driver, dir) =>
    withFixture(driver, dir, "supersede", async (f) => {
      const v1 = await f.record({ title: "Node version", body: "Workers run Node 20." });
      const v2 = await f.record({ title: "Node version", body: "Workers run Node 22.", supersedes: v1 });
      const v3 = await f.record({ title: "Node version bump", body: "Workers run Node 24." });
      const done = await supersedeMemory(f.deps, "proj-a", v2, v3);
      assert.ok(done.ok);
      const current = await searchMemory(f.deps, "proj-a", { query: "node version workers" });
      assert.ok(current.ok);
      assert.deepEqual(
        current.value.results.map((r) => r.id),
        [v3],
      );
      const all = await searchMemory(f.deps, "proj-a", {
        query: "node version workers",
        includeSuperseded: true,
      });
      assert.ok(all.ok);
      assert.equal(all.value.results[0]!.id, v3);
      assert.deepEqual(new Set(all.value.results.map((r) => r.id)), new Set([v1, v2, v3]));
      const read = await readMemory(f.deps, "proj-a", v2);
      assert.ok(read.ok);
      assert.deepEqual(read.value.supersedes, [v1]);
      assert.deepEqual(read.value.supersededBy, [v3]);
      const again = await supersedeMemory(f.deps, "proj-a", v1, v3);
      assert.equal(again.ok ? "" : again.reason.code, "ALREADY_SUPERSEDED");
    }),

  "cleanup plan/apply removes obsolete records and redirects links in one commit": (driver, dir) =>
    withFixture(driver, dir, "cleanup", async (f) => {
      const old = await f.record({ title: "Old CI", body: "CI on Jenkins." });
      const fresh = await f.record({ title: "New CI", body: "CI on Actions.", supersedes: old });
      const linker = await f.record({ title: "Build notes", body: "See the CI record.", links: [old] });
      const session = await f.record({ title: "Session handoff", body: "Half done.", category: "session" });
      const pinnedTarget = await f.record({ title: "Pinned target", body: "x", category: "session" });
      await f.record({ title: "Pinned", body: "y", pinned: true, links: [pinnedTarget] });
      f.deps.advance(91 * DAY);
      const plan = await planMemoryCleanup(f.deps, "proj-a");
      assert.ok(plan.ok);
      const ids = plan.value.obsolete.map((o) => o.id).sort();
      assert.deepEqual(ids, [old, session].sort());
      assert.equal(plan.value.obsolete.find((o) => o.id === old)?.redirectTo, fresh);
      assert.ok(plan.value.protectedCount >= 2);
      const applied = await applyMemoryCleanup(f.deps, "proj-a", plan.value.proposal, {
        origin: "owner",
        provenance: { sessionId: null, head: null, worktree: null },
      });
      assert.ok(applied.ok, applied.ok ? "" : applied.reason.message);
      assert.deepEqual(applied.value.redirectedIds, [linker]);
      const read = await readMemory(f.deps, "proj-a", linker);
      assert.ok(read.ok);
      assert.deepEqual(read.value.record.links, [fresh]);
      assert.equal((await readMemory(f.deps, "proj-a", old)).ok, false);
      assert.ok((await readMemory(f.deps, "proj-a", pinnedTarget)).ok);
      const stale = await applyMemoryCleanup(f.deps, "proj-a", plan.value.proposal, {
        origin: "owner",
        provenance: { sessionId: null, head: null, worktree: null },
      });
      assert.equal(stale.ok ? "" : stale.reason.code, "STALE_PLAN");
    }),

  "ask mode needs the plan's token; a failed apply changes nothing": (driver, dir) =>
    withFixture(driver, dir, "ask", async (f) => {
      await setPolicy(f.deps.db, "proj-a", { cleanupMode: "ask" });
      const a = await f.record({ title: "Topic one", body: "first" });
      const b = await f.record({ title: "Topic two", body: "second" });
      const linker = await f.record({ title: "Index", body: "links", links: [a] });
      const old = await f.record({ title: "Old", body: "old" });
      await f.record({ title: "New", body: "new", supersedes: old });
      const plan = await planMemoryCleanup(f.deps, "proj-a");
      assert.ok(plan.ok);
      const proposal = {
        ...plan.value.proposal,
        consolidations: [
          {
            sourceIds: [a, b],
            summary: {
              title: "Topics",
              body: "first; second",
              kind: "note" as const,
              category: "other" as const,
            },
          },
        ],
      };
      const provenance = { sessionId: null, head: null, worktree: null };
      const refused = await applyMemoryCleanup(f.deps, "proj-a", proposal, { origin: "owner", provenance });
      assert.equal(refused.ok ? "" : refused.reason.code, "APPROVAL_REQUIRED");
      const wrong = await applyMemoryCleanup(f.deps, "proj-a", proposal, {
        origin: "owner",
        provenance,
        confirmation: plan.value.token,
      });
      assert.equal(
        wrong.ok ? "" : wrong.reason.code,
        "APPROVAL_REQUIRED",
        "the plan's token covers only its own proposal",
      );
      const { cleanupToken } = await import("../../src/memory/cleanup.ts");
      const token = await cleanupToken(f.deps, "proj-a", proposal);
      const done = await applyMemoryCleanup(f.deps, "proj-a", proposal, {
        origin: "owner",
        provenance,
        confirmation: token,
      });
      assert.ok(done.ok, done.ok ? "" : done.reason.message);
      const merged = done.value.createdIds[0]!;
      const read = await readMemory(f.deps, "proj-a", linker);
      assert.ok(read.ok);
      assert.deepEqual(read.value.record.links, [merged]);
      const summary = await readMemory(f.deps, "proj-a", merged);
      assert.ok(summary.ok);
      assert.deepEqual([...summary.value.record.consolidatedFrom].sort(), [a, b].sort());
    }),

  "validation, tag normalisation, redaction and quota": (driver, dir) =>
    withFixture(driver, dir, "validate", async (f) => {
      const out = await recordMemory(f.deps, f.ctx(), {
        title: "Deploy key",
        body: "Use AKIAABCDEFGHIJKLMNOP and postgres://app:s3cretpass@db/app for the deploy.",
        kind: "runbook",
        category: "structure",
        tags: ["NATS JetStream", "nats-jetstream", "  Deploy "],
      });
      assert.ok(out.ok);
      assert.deepEqual(out.value.record.tags, ["nats-jetstream", "deploy"]);
      assert.ok(!out.value.record.body.includes("AKIA"));
      assert.ok(!out.value.record.body.includes("s3cretpass"));
      assert.deepEqual(out.value.redactions.map((r) => r.kind).sort(), ["aws-access-key", "url-password"]);
      const badKind = await recordMemory(f.deps, f.ctx(), {
        title: "x",
        body: "",
        kind: "rumour" as never,
        category: "other",
      });
      assert.equal(badKind.ok ? "" : badKind.reason.field, "kind");
      const badTag = await recordMemory(f.deps, f.ctx(), {
        title: "x",
        body: "",
        kind: "fact",
        category: "other",
        tags: ["a/b"],
      });
      assert.equal(badTag.ok ? "" : badTag.reason.field, "tags");
      const badLink = await recordMemory(f.deps, f.ctx(), {
        title: "x",
        body: "",
        kind: "fact",
        category: "other",
        links: ["mem-20270101-000000000000"],
      });
      assert.equal(badLink.ok ? "" : badLink.reason.code, "UNKNOWN_LINK");
      await setPolicy(f.deps.db, "proj-a", { maxBytes: 600 });
      const big = await recordMemory(f.deps, f.ctx(), {
        title: "Big",
        body: "z".repeat(700),
        kind: "note",
        category: "other",
      });
      assert.equal(big.ok ? "" : big.reason.code, "QUOTA_EXCEEDED");
    }),

  "auto mode sweeps expired unlinked records; unpinning needs approval": (driver, dir) =>
    withFixture(driver, dir, "auto", async (f) => {
      const expired = await f.record({ title: "Scratch", body: "tmp", category: "session" });
      const kept = await f.record({ title: "Linked scratch", body: "tmp", category: "session" });
      const pin = await f.record({ title: "Anchor", body: "a", pinned: true, links: [kept] });
      f.deps.advance(91 * DAY);
      const next = await recordMemory(f.deps, f.ctx(), {
        title: "Later",
        body: "b",
        kind: "note",
        category: "other",
      });
      assert.ok(next.ok);
      assert.deepEqual(next.value.removedExpired, [expired]);
      const refused = await setRetention(f.deps, "proj-a", pin, { pinned: false }, { unpinApproved: false });
      assert.equal(refused.ok ? "" : refused.reason.code, "APPROVAL_REQUIRED");
      const ok = await setRetention(f.deps, "proj-a", pin, { pinned: false }, { unpinApproved: true });
      assert.ok(ok.ok);
    }),

  "derived compaction facts are scoped, refreshed and searched apart": (driver, dir) =>
    withFixture(driver, dir, "derived", async (f) => {
      const facts = {
        projectId: "proj-a",
        sessionId: "session-1234",
        branchId: "leaf-5678",
        filesRead: ["src/alpha.ts", "src/beta.ts"],
        filesModified: ["src/alpha.ts"],
        decisions: ["Use WAL mode for the store"],
      };
      const first = await indexCompactionFacts(f.deps, facts);
      assert.ok(first.ok);
      assert.equal(first.value.created.length, 3);
      const again = await indexCompactionFacts(f.deps, {
        ...facts,
        filesRead: ["src/alpha.ts", "src/gamma.ts"],
      });
      assert.ok(again.ok);
      assert.equal(again.value.created.length, 0);
      await f.record({ title: "WAL decision", body: "We use WAL mode." });
      const normal = await searchMemory(f.deps, "proj-a", { query: "WAL mode" });
      assert.ok(normal.ok);
      assert.ok(normal.value.results.every((r) => r.origin !== "derived"));
      const derived = await searchMemory(f.deps, "proj-a", { query: "WAL mode", source: "derived" });
      assert.ok(derived.ok);
      assert.deepEqual(
        derived.value.results.map((r) => [r.origin, r.sessionId, r.branchId]),
        [["derived", "session-1234", "leaf-5678"]],
      );
      const files = await searchMemory(f.deps, "proj-a", { query: "gamma", source: "derived" });
      assert.ok(files.ok);
      assert.deepEqual(
        files.value.results.map((r) => r.title),
        ["Files read (session session-, branch leaf-567)"],
      );
      const rows = (await f.store.db.all(sql`pragma integrity_check`)) as Array<Record<string, unknown>>;
      assert.equal(Object.values(rows[0]!)[0], "ok");
    }),
};

export async function runMemoryChecks(
  driver: DriverName,
  dir: string,
): Promise<Record<string, string | null>> {
  const results: Record<string, string | null> = {};
  for (const [name, check] of Object.entries(MEMORY_CHECKS)) {
    try {
      await check(driver, dir);
      results[name] = null;
    } catch (error) {
      results[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
    }
  }
  return results;
}
