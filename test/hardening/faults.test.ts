import { describe, expect, it } from "vitest";
import {
  concurrentWriters,
  diskFull,
  killDuringWrites,
  nearlyFullDisk,
} from "../support/hardening/faults.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("faults");

describe("faults", () => {
  it("16 concurrent writers: every write acknowledged and present", async () => {
    const figures = await concurrentWriters(root, 16, 20);
    expect(figures).toMatchObject({
      cases: 320,
      acknowledged: 320,
      failedWrites: 0,
      lost: 0,
      integrity: "ok",
    });
  }, 300_000);

  it("a new store opened by 16 processes at once, 4 times: every open and write succeeds", async () => {
    for (let round = 1; round <= 4; round++) {
      const figures = await concurrentWriters(root, 16, 1, `first-open-${round}`);
      expect(figures).toMatchObject({ cases: 16, acknowledged: 16, lost: 0, integrity: "ok" });
      expect(figures.firstFailure).toBeUndefined();
    }
  }, 300_000);

  it("50 writers killed mid-write: every acknowledged write present, integrity ok", async () => {
    const figures = await killDuringWrites(root, 50);
    expect(figures.cases).toBe(50);
    expect(figures.acknowledged).toBeGreaterThanOrEqual(50);
    expect(figures).toMatchObject({ lost: 0, integrity: "ok" });
  }, 300_000);

  it.skipIf(process.getuid?.() !== 0)(
    "a full disk: one sentence, exit 2, nothing acknowledged lost",
    async ({ skip }) => {
      const figures = await diskFull(root);
      // A container without mount rights cannot run it: reported as skipped, never as a pass.
      if (!figures.mounted)
        skip("cannot mount a small tmpfs here (no mount rights), so the full disk did not run");
      expect(figures.refusalStatus).toBe(2);
      expect(figures.refusal).toMatch(
        /^keel: the disk holding the store .* is full, so this change was not saved/,
      );
      expect(figures.refusal).not.toMatch(/Failed query|SQLITE_|insert into/);
      expect(figures).toMatchObject({ lost: 0, integrity: "ok" });
      expect(figures.acknowledged).toBeGreaterThan(0);
    },
    300_000,
  );

  it.skipIf(process.getuid?.() !== 0)(
    "a nearly full disk: memory record says the disk is full, never 'Failed query: rollback'",
    async () => {
      const figures = await nearlyFullDisk(root);
      if (!figures.mounted) return; // a container without mount rights
      expect(figures.refusals).toHaveLength(2);
      for (const refusal of figures.refusals) {
        expect(refusal.status, refusal.said).toBe(2);
        expect(refusal.said).toMatch(
          /^keel: the disk holding the store .* is full, so this change was not saved/,
        );
        expect(refusal.said).not.toMatch(/Failed query|rollback|I\/O error/);
      }
      expect(figures.firstKept).toBe(true);
    },
    300_000,
  );
});
