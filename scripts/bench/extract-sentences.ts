// Extraction on the sentence corpus written before the classifier (test/fixtures/extract-sentences/): precision
// and recall per kind on the tuned half and on the held-out half, sentence by sentence and through sessions
// composed from each half. Targets on the held-out half: goal ≥ 0.9, constraints and decisions ≥ 0.9
// precision and recall, hard negatives taken as rules ≤ 5%.

import { type HalfScore, precision, recall, scoreHalf, type Tally } from "./extract-sentences-score.ts";
import { scoreWrittenGoals } from "./extract-sessions-score.ts";
import type { Report } from "./measure.ts";

const pr = (t: Tally) => `${precision(t).toFixed(2)} / ${recall(t).toFixed(2)}`;

export const report: Report = {
  name: "extract-sentences",
  description:
    "extraction classifier on the sentence corpus: precision / recall per kind, tuned half vs held-out half",
  run() {
    const tune = scoreHalf("tune");
    const held = scoreHalf("held-out");
    const writtenTune = scoreWrittenGoals("tune");
    const writtenHeld = scoreWrittenGoals("held-out");
    const row = (label: string, pick: (s: HalfScore) => Tally) => [label, pr(pick(tune)), pr(pick(held))];
    const negatives = (s: HalfScore) =>
      `${s.negativesTaken} of ${s.negatives} (${((100 * s.negativesTaken) / Math.max(1, s.negatives)).toFixed(1)}%)`;
    return {
      columns: ["kind (precision / recall)", "tuned half", "held-out half"],
      rows: [
        row("sentences: constraints", (s) => s.sentences.constraint),
        row("sentences: decisions", (s) => s.sentences.decision),
        row("sentences: goal statements", (s) => s.sentences.goal),
        row("sentences: requests", (s) => s.sentences.request),
        ["sentences: hard negatives taken as rules", negatives(tune), negatives(held)],
        row("sessions: constraints", (s) => s.sessions.constraint),
        row("sessions: decisions", (s) => s.sessions.decision),
        row("sessions: goal", (s) => s.sessions.goal),
        ["written sessions: goal", pr(writtenTune.goal), pr(writtenHeld.goal)],
      ],
      notes: [
        `${tune.sessions.count} + ${held.sessions.count} sessions composed from the halves (multi-part messages, rule lists, terse replies, a new goal)`,
        `${writtenTune.count} + ${writtenHeld.count} hand-written sessions (test/fixtures/extract-sessions/: terse, non-native, lists, pivots, small steps after a goal)`,
        "held-out.jsonl and the held-out written sessions are never tuned on; a gap between the columns is the real figure",
      ],
    };
  },
};
