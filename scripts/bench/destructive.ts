// Destructive-command screen vs a plain nine-regex matcher on the corpus in test/fixtures/guard: recall,
// false-positive rate and time per command, side by side in one run.

import { naiveIsDestructive } from "../../src/guard/destructive/naive-matcher.ts";
import { screenCommand } from "../../src/guard/destructive/screen.ts";
import corpus from "../../test/fixtures/guard/commands.json" with { type: "json" };
import type { Report } from "./measure.ts";

function score(name: string, isDestructive: (line: string) => boolean): string[] {
  const caught = corpus.dangerous.filter(isDestructive).length;
  const falsePositives = corpus.benign.filter(isDestructive).length;
  const all = [...corpus.dangerous, ...corpus.benign];
  const rounds = 200;
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) for (const line of all) isDestructive(line);
  const microsPerCommand = Number(process.hrtime.bigint() - start) / 1e3 / (rounds * all.length);
  return [
    name,
    `${caught}/${corpus.dangerous.length} = ${(caught / corpus.dangerous.length).toFixed(3)}`,
    `${falsePositives}/${corpus.benign.length} = ${(falsePositives / corpus.benign.length).toFixed(3)}`,
    `${microsPerCommand.toFixed(1)} µs`,
  ];
}

export const report: Report = {
  name: "destructive",
  description: `destructive-command screen on ${corpus.dangerous.length} dangerous + ${corpus.benign.length} benign commands (targets: recall ≥ 0.95, false positives ≤ 0.02)`,
  run: () => ({
    columns: ["matcher", "recall", "false-positive rate", "time per command"],
    rows: [
      score("keel screen (shell words)", (line) => screenCommand(line).destructive),
      score("nine regexes", naiveIsDestructive),
    ],
  }),
};
