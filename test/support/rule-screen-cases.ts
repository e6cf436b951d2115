// Shared by the precision screens' tests: the rules and choices a whole pi-shaped session keeps from one user
// message, a describe block that checks non-rules stay out and look-alike rules stay in, and a corpus half read.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Row } from "../../scripts/bench/extract-sentences-score.ts";
import { extractTurns } from "./extract-turns.ts";

/** The rules and choices the extraction keeps from one user message after an assistant question. */
export function keptRules(
  message: string,
  question = "Sure. Anything I should know before I start?",
): string[] {
  const x = extractTurns("Let's speed up the reports page today.", question, message, "Understood.");
  return [...x.constraints.map((c) => c.text), ...x.decisions.map((d) => d.text)];
}

/** Registers one test per case: each non-rule keeps nothing, each rule keeps something. */
export function describeScreen(title: string, nonRules: [string, string][], rules: [string, string][]): void {
  describe(title, () => {
    for (const [kind, text] of nonRules)
      it(`keeps ${kind} out of the rules`, () => {
        expect(keptRules(text)).toEqual([]);
      });
    for (const [kind, text] of rules)
      it(`keeps ${kind} in the rules`, () => {
        expect(keptRules(text).length).toBeGreaterThan(0);
      });
  });
}

/** The rows of one corpus half (a .jsonl file of labelled sentences). */
export function readRows(file: string): Row[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);
}
