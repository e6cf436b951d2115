// CLI-argument fuzzing in CI: 3,000 seeded argument lists through runCli (real verbs, hostile values); every
// exit is 0, 1 or 2, nothing is an "unexpected failure", nothing printed carries a raw control character.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fuzzCli } from "../support/hardening/cli-fuzz.ts";

const root = mkdtempSync(join(tmpdir(), "keel-fuzz-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
