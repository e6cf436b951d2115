import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkShape } from "../../src/core/schema-check.ts";
import { callMemory, runMemoryAction } from "../../src/memory/actions.ts";
import { applyMemoryCleanup, cleanupToken, planMemoryCleanup } from "../../src/memory/cleanup.ts";
import { MemoryToolSchema, RecordInputSchema } from "../../src/memory/tool-schema.ts";
import { tempDir } from "../support/temp.ts";
import { openFixture } from "./memory-checks.ts";

const root = tempDir("memory-services");

const provenance = { sessionId: null, head: null, worktree: null };

describe("checkShape", () => {
  it("names the field and the allowed values", () => {
    const bad = checkShape(RecordInputSchema, { title: "t", body: "", kind: "rumour", category: "other" });
    expect(bad).toEqual({
      ok: false,
      reason: { field: "kind", message: expect.stringMatching(/^kind must be one of context, decision, /) },
    });
    const extra = checkShape(MemoryToolSchema, { action: "status", colour: "red" });
    expect(extra.ok ? "" : extra.reason.message).toBe('the value does not take "colour"');
    const nested = checkShape(MemoryToolSchema, { action: "read", id: "not-an-id" });
    expect(nested.ok ? "" : nested.reason.field).toBe("id");
    // A pattern mismatch reads as a sentence with an example id, never the raw regular expression.
    expect(nested.ok ? "" : nested.reason.message).toBe(
      "id is not in the right form (it looks like mem-20261201-3f9a0c1b2d4e)",
    );
  });
});

describe("callMemory", () => {
  it("checks structure the way the tool does and stamps the caller's origin", async () => {
    const f = await openFixture("node-sqlite", join(root, "call.db"));
    const person = { projectId: "proj-a", origin: "owner" as const, provenance, approve: async () => true };
    const badTags = await callMemory(f.deps, person, {
      action: "record",
      record: { title: "x", body: "", kind: "note", category: "other", tags: [7 as unknown as string] },
    });
    expect(badTags).toMatchObject({ ok: false, reason: { code: "INVALID_INPUT", field: "record" } });
    const viaTool = await runMemoryAction(f.deps, person, { action: "read", id: "nope" });
    expect(viaTool).toMatchObject({ ok: false, action: "invalid", code: "INVALID_INPUT", field: "id" });
    const recorded = await callMemory(f.deps, person, {
      action: "record",
      record: { title: "Owner note", body: "b", kind: "note", category: "other" },
    });
    expect(recorded.ok && recorded.value.record.origin).toBe("owner");
    const agent = { ...person, origin: undefined };
    const byAgent = await callMemory(f.deps, agent, {
      action: "record",
      record: { title: "Agent note", body: "b", kind: "note", category: "other" },
    });
    expect(byAgent.ok && byAgent.value.record.origin).toBe("agent");
    await f.store.close();
  });
});

describe("the cleanup token", () => {
  it("is checked whenever one is given, in auto mode too, and required only in ask mode", async () => {
    const f = await openFixture("node-sqlite", join(root, "token.db"));
    const old = await f.record({ title: "Old", body: "old" });
    await f.record({ title: "New", body: "new", supersedes: old });
    const plan = await planMemoryCleanup(f.deps, "proj-a");
    if (!plan.ok) throw new Error(plan.reason.message);
    const { proposal } = plan.value;
    const wrong = await applyMemoryCleanup(f.deps, "proj-a", proposal, {
      origin: "owner",
      provenance,
      confirmation: "not-the-token",
    });
    expect(wrong).toMatchObject({ ok: false, reason: { code: "APPROVAL_REQUIRED" } });
    expect(wrong.ok ? "" : wrong.reason.message).toMatch(/token does not match this proposal/);
    const person = {
      projectId: "proj-a",
      origin: "owner" as const,
      provenance,
      approve: async () => false,
      confirmation: await cleanupToken(f.deps, "proj-a", proposal),
    };
    const done = await callMemory(f.deps, person, { action: "cleanup_apply", proposal });
    expect(done.ok && done.value.removedIds).toEqual([old]);
    await f.store.close();
  });
});
