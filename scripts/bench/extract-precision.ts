// Round seven's precision batch (test/fixtures/extract-precision/): hard negatives in the kinds blind 4 took as
// rules (advice of the world passed on, how things stand now, a symptom, the speaker's own resolution, a sigh, a
// pet or a god obliged, pasted SQL) and look-alike rules of the same shapes, split 50/50 before any change; the
// held-out half was never tuned on. Target: hard negatives taken as rules ≤ 5% with no fall in recall.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { precision, type Row, recall, scoreRows, type Tally } from "./extract-sentences-score.ts";
import type { Report } from "./measure.ts";

const DIR = join(import.meta.dirname, "../../test/fixtures/extract-precision");
const rows = (half: string) =>
  readFileSync(join(DIR, `${half}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);
const pr = (t: Tally) => `${precision(t).toFixed(2)} / ${recall(t).toFixed(2)}`;

export const report: Report = {
  name: "extract-precision",
  description: "extraction classifier on round seven's precision batch: tuned half vs held-out half",
  run() {
    const halves = [scoreRows(rows("tune")), scoreRows(rows("held-out"))];
    return {
      columns: ["kind (precision / recall)", "tuned half", "held-out half"],
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
        "main's rules before the round: hard negatives taken 19 of 22 (tuned half) and 15 of 22 (held-out half); constraints 0.34 / 1.00 and 0.39 / 0.90",
      ],
    };
  },
};
