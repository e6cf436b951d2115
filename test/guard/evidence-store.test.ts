// Evidence in the store: a real verify run in a git repository (stamps, staleness, trust, redaction) and
// eight processes recording at once (unique, gap-free numbers, nothing lost).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/core/clock.ts";
import { isStale, readTreeState } from "../../src/guard/evidence/tree-state.ts";
import { clampTimeout, verifyCommand } from "../../src/guard/evidence/verify.ts";
import { listEvidence } from "../../src/store/guard-evidence.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { initRepo } from "../support/git-repo.ts";
import { runWriter } from "../support/hardening/faults.ts";
import { tempDir, testStore } from "../support/temp.ts";

const root = tempDir("evidence");

describe("verifyCommand", () => {
  it("records, stamps and judges a run, and notices when the tree changes", async () => {
    const repo = initRepo(join(root, "repo"));
    const store = await testStore(root, "verify.db");
    await upsertProject(store.db, { id: "p", root: repo, identitySource: "git", name: "repo" }, 1);
    const deps = { db: store.db, clock: systemClock };
    const ok = await verifyCommand(deps, {
      projectId: "p",
      sessionId: "s",
      cwd: repo,
      command: "echo token=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB",
    });
    expect(ok.evidence).toMatchObject({ number: 1, exitCode: 0, trusted: true, timedOut: false });
    expect(ok.evidence.gitHead).toMatch(/^[0-9a-f]{40}$/);
    expect(ok.evidence.outputTail).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789AB");
    expect(ok.evidence.command).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789AB");
    expect(ok.redacted.length).toBeGreaterThan(0);
    expect(isStale(ok.evidence.treeHash, readTreeState(repo).treeHash)).toBe(false);
    writeFileSync(join(repo, "a.txt"), "changed\n");
    expect(isStale(ok.evidence.treeHash, readTreeState(repo).treeHash)).toBe(true);

    const masked = await verifyCommand(deps, {
      projectId: "p",
      sessionId: "s",
      cwd: repo,
      command: "false || true",
    });
    expect(masked.evidence).toMatchObject({
      number: 2,
      exitCode: 0,
      trusted: false,
      trustNote: "a failure is masked by `|| …`",
    });
    const failed = await verifyCommand(deps, {
      projectId: "p",
      sessionId: "s",
      cwd: repo,
      command: "exit 4",
    });
    expect(failed.evidence).toMatchObject({ number: 3, exitCode: 4, trusted: true });
    expect((await listEvidence(store.db, "p")).map((e) => e.number)).toEqual([3, 2, 1]);
    await store.close();
  });

  it("clamps timeouts to 1..900 seconds", () => {
    expect([clampTimeout(0), clampTimeout(5000), clampTimeout(undefined), clampTimeout(Number.NaN)]).toEqual([
      1, 900, 180, 180,
    ]);
  });
});

describe("concurrency", () => {
  it("8 processes recording at once get unique, gap-free numbers and lose nothing", async () => {
    const file = join(root, "concurrent.db");
    const perWriter = 15;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      const run = await runWriter(file, `w${w}`, perWriter);
      if (!run.ok) throw new Error(`writer w${w} failed`);
      return run.acknowledged.map(Number);
    });
    const acknowledged = (await Promise.all(writers)).flat();
    const total = 8 * perWriter;
    expect(acknowledged.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    const store = await openStore(file);
    const rows = await listEvidence(store.db, "p", 1000);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.command)).size).toBe(total);
    await store.close();
  });
});
