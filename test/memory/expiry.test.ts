import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordMemory, setRetention } from "../../src/memory/records.ts";
import { retentionRows } from "../../src/store/memory-records.ts";
import { tempDir } from "../support/temp.ts";
import { openFixture } from "./memory-checks.ts";

const root = tempDir("memory-expiry");

describe("a past --expires", () => {
  it("is refused at record time and by retention, and the next write deletes nothing", async () => {
    const f = await openFixture("node-sqlite", join(root, "expiry.db"));
    const past = new Date(f.deps.clock.now() - 60_000).toISOString();
    const refused = await recordMemory(f.deps, f.ctx(), {
      title: "stale",
      body: "",
      kind: "fact",
      category: "other",
      expiresAt: past,
    });
    expect(refused).toMatchObject({ ok: false, reason: { code: "INVALID_INPUT", field: "expiresAt" } });
    expect(refused.ok ? "" : refused.reason.message).toMatch(/is in the past/);
    const kept = await f.record({ title: "kept" });
    const retention = await setRetention(
      f.deps,
      "proj-a",
      kept,
      { expiresAt: past },
      { unpinApproved: false },
    );
    expect(retention).toMatchObject({ ok: false, reason: { code: "INVALID_INPUT", field: "expiresAt" } });
    await f.record({ title: "next write" });
    const titles = (await retentionRows(f.store.db, "proj-a")).map((r) => r.title).sort();
    expect(titles).toEqual(["kept", "next write"]);
    await f.store.close();
  });
});
