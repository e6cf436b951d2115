import { describe, expect, it } from "vitest";
import { fuzzSessions } from "../support/hardening/session-fuzz.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("fuzz-sessions");

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
