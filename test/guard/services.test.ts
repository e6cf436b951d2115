// The guard services every surface calls, on a real SQLite store: the journal's one validation and normalisation,
// and the contract service's add, reword and removal rules in the project and the personal layer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addPersonalRule,
  addProjectRule,
  type ContractScope,
  loadEffectiveContract,
  removePersonalRule,
  removeProjectRule,
} from "../../src/guard/contract/edit.ts";
import { describeJournalEntry, listJournalEntries, writeJournal } from "../../src/guard/journal.ts";
import type { Store } from "../../src/store/db.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { testStore } from "../support/temp.ts";

const root = mkdtempSync(join(tmpdir(), "keel-guard-services-"));
let store: Store;
let scope: ContractScope;

beforeAll(async () => {
  store = await testStore(root, "keel.db");
  await upsertProject(store.db, { id: "p", root, identitySource: "configured", name: "p" }, 1);
  scope = {
    db: store.db,
    clock: { now: () => 1_000 },
    projectId: "p",
    projectRoot: root,
    personalContract: join(root, "personal.json"),
  };
});
afterAll(async () => {
  await store.close();
  rmSync(root, { recursive: true, force: true });
});

describe("writeJournal", () => {
  it("stores one bounded line with lower-case, bounded tags and the origin", async () => {
    const entry = { projectId: "p", sessionId: "s1", origin: "agent" as const, type: "lesson" };
    const written = await writeJournal(scope, {
      ...entry,
      text: `  first\nsecond\u001b[2J ${"x".repeat(600)}`,
      tags: ["Store", " ", ...Array.from({ length: 10 }, (_, i) => `T${i}`)],
    });
    if (!written.ok) throw new Error(written.reason);
    expect(written.value.text.startsWith("first second [2J x")).toBe(true);
    expect(written.value.text.length).toBe(500);
    expect(JSON.parse(written.value.tags)).toEqual(["store", "t0", "t1", "t2", "t3", "t4", "t5", "t6"]);
    expect(describeJournalEntry(written.value)).toMatch(/^#1 lesson \(agent, unverified\): first second/);
    expect(await writeJournal(scope, { ...entry, type: "musing", text: "x" })).toEqual({
      ok: false,
      reason: 'type must be one of decision, correction, note, lesson, got "musing"',
    });
    expect(await writeJournal(scope, { ...entry, text: " \n\t " })).toEqual({
      ok: false,
      reason: "the note is empty",
    });
    expect(await listJournalEntries(store.db, "p")).toHaveLength(1);
  });
});

describe("the contract service", () => {
  it("adds and rewords (with replace) project rules and refuses to remove seed rules", async () => {
    const added = await addProjectRule(scope, { text: "Use pnpm, not npm" });
    expect(added).toEqual({
      ok: true,
      value: { id: "use-pnpm-not-npm", text: "Use pnpm, not npm", scope: "project" },
    });
    // An existing id is never reworded silently: it takes `replace`.
    expect(await addProjectRule(scope, { text: "Use pnpm only", id: "use-pnpm-not-npm" })).toMatchObject({
      ok: false,
      reason: { code: "INVALID_INPUT" },
    });
    await addProjectRule(scope, { text: "Use pnpm only", id: "use-pnpm-not-npm", replace: true });
    const rules = (await loadEffectiveContract(scope)).rules;
    expect(rules).toContainEqual({ id: "use-pnpm-not-npm", text: "Use pnpm only", origin: "owner" });
    expect(await addProjectRule(scope, { text: "   " })).toMatchObject({
      ok: false,
      reason: { code: "INVALID_INPUT" },
    });
    const seed = await removeProjectRule(scope, "k02-evidence-before-done");
    expect(seed).toMatchObject({ ok: false, reason: { code: "REFUSED" } });
    expect(seed.ok ? "" : seed.reason.message).toMatch(/seed rules stay/);
    expect(await removeProjectRule(scope, "use-pnpm-not-npm")).toMatchObject({ ok: true });
  });

  it("edits the personal layer and never rewrites a file it cannot read", () => {
    const file = scope.personalContract;
    expect(addPersonalRule(file, { text: "Prefer the standard library" })).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(file, "utf8")).rules).toEqual([
      { id: "prefer-the-standard-library", text: "Prefer the standard library" },
    ]);
    expect(removePersonalRule(file, "nope")).toMatchObject({ ok: false, reason: { code: "NOT_FOUND" } });
    expect(removePersonalRule(file, "prefer-the-standard-library")).toMatchObject({ ok: true });
    writeFileSync(file, "{ not json");
    expect(addPersonalRule(file, { text: "x" })).toMatchObject({ ok: false, reason: { code: "UNREADABLE" } });
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });
});
