// Session-file fuzzing in CI: 4,000 seeded mutated sessions through every offline reader; no reader throws.
// Reproduce a failure with the seed and case number it names.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fuzzSessions } from "../support/hardening/session-fuzz.ts";

const root = mkdtempSync(join(tmpdir(), "keel-fuzz-sessions-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("fuzzed session files", () => {
  it.each([[1], [2], [3], [4]])(
    "seed %i: 1,000 cases, no crash",
    async (seed) => {
      const figures = await fuzzSessions(root, seed, 1000);
      expect(figures.crashes).toEqual([]);
    },
    240_000,
  );
});
