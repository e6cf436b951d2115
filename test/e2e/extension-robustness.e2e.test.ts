// keel inside pi when its store cannot be opened: pi keeps working, /keel says "store unavailable" in one short
// warning, and compaction still succeeds with pi's own summary. Nothing is written where the store should be.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const PROMPTS = [
  "Summarize the failing build: the linker cannot find libfoo because the rpath points at an old prefix.",
  "Check whether the CI image pins the toolchain, then propose the smallest fix that unblocks the release.",
  "Write the fix as a patch to build/config.mk and explain how to verify it on a clean checkout of the repo.",
];

interface Unusable {
  name: string;
  /** Makes the unusable location inside the project's temp root and returns KEEL_DB plus a file to watch. */
  prepare(root: string): { keelDb: string; watched: string };
}

const CASES: Unusable[] = [
  {
    name: "a path under a regular file",
    prepare(root) {
      const blocker = join(root, "blocker");
      writeFileSync(blocker, "not a folder\n");
      return { keelDb: join(blocker, "keel.db"), watched: blocker };
    },
  },
  {
    name: "a file that is not SQLite",
    prepare(root) {
      const dir = join(root, "junk");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "keel.db");
      writeFileSync(file, `${"this is not a database ".repeat(40)}\n`);
      return { keelDb: file, watched: file };
    },
  },
];

describe.each(CASES)("keel with KEEL_DB at $name", (unusable) => {
  let project: TempProject;

  beforeAll(() => {
    project = createTempProject({ name: "robust-demo" });
  });

  afterAll(() => project?.cleanup());

  it("pi runs, /keel warns that the store is unavailable, and compaction still works", async () => {
    const { keelDb, watched } = unusable.prepare(project.root);
    const before = readFileSync(watched, "utf8");
    const pi = await project.startPi({ env: { ...project.env, KEEL_DB: keelDb } });
    let compactionSummary = "";
    try {
      for (const text of PROMPTS) {
        const run = await pi.prompt(text);
        expect(run.assistantText).toBe(`echo: ${text}`);
      }

      const status = await pi.command("/keel");
      expect(status.disposition).toBe("handled");
      expect(status.notifications).toHaveLength(1);
      const warning = status.notifications[0];
      expect(warning?.notifyType).toBe("warning");
      expect(warning?.message).toMatch(/^keel: store unavailable/);
      expect(warning?.message).not.toContain("\n");
      expect(warning?.message.length).toBeLessThan(400);

      const result = await pi.compact();
      compactionSummary = result.summary;
      // Compaction needs no store: keel's verbatim checkpoint is still written.
      expect(result.summary).toMatch(/^# keel checkpoint 1/);
      const lines = await pi.readSessionEntries();
      const compactions = lines.filter((line: SessionFileLine) => line.type === "compaction");
      expect(compactions).toMatchObject([{ summary: compactionSummary }]);

      const after = await pi.prompt("Are you still there after the compaction?");
      expect(after.assistantText).toBe("echo: Are you still there after the compaction?");
    } finally {
      const closed = await pi.close();
      expect(closed).toMatchObject({ code: 0, forced: false });
    }

    const failures = pi.notifications().filter((n) => n.notifyType !== "info");
    expect(failures[0]?.message).toMatch(/^keel: store unavailable, nothing will be recorded \(/);
    expect(failures.every((n) => n.message.startsWith("keel: store unavailable"))).toBe(true);
    expect(failures.some((n) => /failed/.test(n.message))).toBe(false);
    expect(pi.eventsOfType("extension_error")).toEqual([]);
    expect(pi.stderr()).not.toContain("ExperimentalWarning");
    expect(readFileSync(watched, "utf8")).toBe(before);
  });
});
