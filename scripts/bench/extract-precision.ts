// The precision batches: round seven's (test/fixtures/extract-precision/: hard negatives in the kinds blind 4 took
// as rules — advice of the world passed on, how things stand now, a symptom, the speaker's own resolution, a sigh,
// a pet or a god obliged, pasted SQL) and round eight's (test/fixtures/extract-precision-2/: the kinds blind 5 and
// the earlier sets took — an outsider's habit, a thing described, the speaker's vow or inability, venting at a past
// author, a crowd's opinion, a factual yes-answer, a need for something new), each with look-alike rules of the
// same shapes, split 50/50 before any change; the held-out halves were never tuned on. Target: hard negatives
// taken as rules ≤ 5% with no fall in recall.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { precision, type Row, recall, scoreRows, type Tally } from "./extract-sentences-score.ts";
import type { Report } from "./measure.ts";

const FIXTURES = join(import.meta.dirname, "../../test/fixtures");
const rows = (half: string) =>
  readFileSync(join(FIXTURES, `${half}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);
const pr = (t: Tally) => `${precision(t).toFixed(2)} / ${recall(t).toFixed(2)}`;

export const report: Report = {
  name: "extract-precision",
  description:
    "extraction classifier on the precision batches (rounds seven and eight): tuned half vs held-out half",
  run() {
    const halves = [
      "extract-precision/tune",
      "extract-precision/held-out",
      "extract-precision-2/tune",
      "extract-precision-2/held-out",
    ].map((half) => scoreRows(rows(half)));
    return {
      columns: [
        "kind (precision / recall)",
        "round 7: tuned half",
        "round 7: held-out half",
        "round 8: tuned half",
        "round 8: held-out half",
      ],
      rows: [
        ["sentences: constraints", ...halves.map((h) => pr(h.sentences.constraint))],
        ["sentences: decisions", ...halves.map((h) => pr(h.sentences.decision))],
        [
          "sentences: hard negatives taken as rules",
          ...halves.map((h) => `${h.negativesTaken} of ${h.negatives}`),
        ],
        [
          "sessions composed from the sentences: constraints",
          ...halves.map((h) => pr(h.sessions.constraint)),
        ],
      ],
      notes: [
        "round seven, main's rules before the round: hard negatives taken 19 of 22 (tuned half) and 15 of 22 (held-out half); constraints 0.34 / 1.00 and 0.39 / 0.90",
        "round eight, main's rules before the round: hard negatives taken 10 of 21 (tuned half) and 11 of 21 (held-out half); constraints 0.45 / 0.90 and 0.59 / 1.00; decisions 1.00 / 1.00 and 0.20 / 1.00",
      ],
    };
  },
};
