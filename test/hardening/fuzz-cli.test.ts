import { describe, expect, it } from "vitest";
import { fuzzCli } from "../support/hardening/cli-fuzz.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("fuzz-cli");

describe("fuzzed CLI arguments", () => {
  it.each([[11], [12], [13]])(
    "seed %i: 1,000 argument lists",
    (seed) => {
      const figures = fuzzCli(root, seed, 1000);
      expect(figures.crashes).toEqual([]);
      expect(figures.rawControls).toBe(0);
      // The lists reach commands, not only the parser: some succeed, some are refused as bad input.
      expect(figures.exits["0"]).toBeGreaterThan(50);
      expect(figures.exits["2"]).toBeGreaterThan(50);
    },
    300_000,
  );
});
