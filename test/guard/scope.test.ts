// Scope audit on real git repositories: tracked, staged and untracked changes, thresholds, bounded scans.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditScope, resolveBaseline } from "../../src/guard/scope/diff-audit.ts";
import { git, initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("scope");
const repo = (name: string) => initRepo(join(root, name), { "a.txt": "one\ntwo\nthree\n" });

const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `line ${i}`).join("\n")}\n`;

describe("auditScope", () => {
  it("counts tracked, staged and untracked changes against the baseline", () => {
    const dir = repo("mixed");
    const base = resolveBaseline(dir);
    expect(base.ok).toBe(true);
    if (!base.ok) return;
    writeFileSync(join(dir, "a.txt"), "one\nTWO\nthree\nfour\n");
    writeFileSync(join(dir, "staged.txt"), "s\n");
    git(dir, "add", "staged.txt");
    writeFileSync(join(dir, "new.txt"), "x\ny");
    git(dir, "commit", "-qm", "mid-session commit", "--allow-empty");
    const report = auditScope(dir, base.value);
    expect(report.changed.map((c) => [c.path, c.added, c.removed]).sort()).toEqual([
      ["a.txt", 2, 1],
      ["new.txt", 2, 0],
      ["staged.txt", 1, 0],
    ]);
    expect(report).toMatchObject({ files: 3, added: 5, removed: 1, bounded: false, verdict: "ok" });
  });

  it("leaves out the pi settings file that keel install writes, and says so", () => {
    const dir = repo("installed");
    const base = resolveBaseline(dir);
    if (!base.ok) throw new Error(base.reason);
    mkdirSync(join(dir, ".pi"));
    writeFileSync(join(dir, ".pi", "settings.json"), '{\n  "packages": ["/x/keel/pi-extension"]\n}\n');
    writeFileSync(join(dir, "new.txt"), "x\n");
    const report = auditScope(dir, base.value);
    expect(report.changed.map((c) => c.path)).toEqual(["new.txt"]);
    expect(report).toMatchObject({ files: 1, added: 1 });
    expect(report.leftOut).toEqual([
      { path: ".pi/settings.json", what: expect.stringContaining("keel install") },
    ]);
  });

  it("warns and goes hard at the thresholds", () => {
    const dir = repo("big");
    writeFileSync(join(dir, "a.txt"), lines(50));
    const base = resolveBaseline(dir);
    if (!base.ok) throw new Error(base.reason);
    const thresholds = { warnLines: 20, hardLines: 100, warnFiles: 5, hardFiles: 10 };
    expect(auditScope(dir, base.value, thresholds).verdict).toBe("warn");
    writeFileSync(join(dir, "b.txt"), lines(80));
    expect(auditScope(dir, base.value, thresholds).verdict).toBe("hard");
  });

  it("reports a bounded untracked scan as a lower bound and at least a warning", () => {
    const dir = repo("bounded");
    writeFileSync(join(dir, "huge.txt"), "y\n".repeat(600_000));
    const base = resolveBaseline(dir);
    if (!base.ok) throw new Error(base.reason);
    const report = auditScope(dir, base.value, {
      warnLines: 10_000_000,
      hardLines: 20_000_000,
      warnFiles: 100,
      hardFiles: 200,
    });
    expect(report.bounded).toBe(true);
    expect(report.verdict).toBe("warn");
    expect(report.added).toBeLessThan(600_000);
  });

  it("explains an unknown baseline", () => {
    expect(resolveBaseline(repo("nobase"), "no-such-ref")).toEqual({
      ok: false,
      reason: expect.stringMatching(/no commit named "no-such-ref"/),
    });
  });
});
