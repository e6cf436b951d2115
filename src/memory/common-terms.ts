// Ranking for queries made only of common terms. FTS5's bm25() would first count every record holding each
// term (tens of thousands at scale), so these queries take a bounded set of the newest matches from SQLite and
// score them here: the same field weights, the IDFs already known from the term counts, and a saturating term
// frequency. Terms are counted by a prefix scan of the stem (no tokenising of whole bodies), which keeps this
// at about a millisecond for a few hundred records. Scores come back as a negative `bm25`, as FTS5 reports it.
import type { CandidateRow } from "../store/memory-search.ts";

const K1 = 1.2;
const B = 0.75;

function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Sets `bm25` on each row (lower is better) and returns them best first. */
export function rankCommonMatches(
  rows: CandidateRow[],
  idfByStem: Map<string, number>,
  weights: [number, number, number],
): CandidateRow[] {
  if (rows.length === 0) return rows;
  const terms = [...idfByStem].map(([term, idf]) => ({
    idf,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(term)}`, "giu"),
  }));
  const fields = rows.map((r) => [r.title, r.tags, r.body]);
  const lengths = fields.map((f) => f.map(wordCount));
  const average = [0, 1, 2].map((i) => Math.max(1, lengths.reduce((sum, l) => sum + l[i]!, 0) / rows.length));
  rows.forEach((row, r) => {
    let score = 0;
    for (const term of terms) {
      let tf = 0;
      fields[r]!.forEach((text, i) => {
        const n = text.match(term.pattern)?.length ?? 0;
        if (n > 0) tf += (weights[i]! * n) / (n + K1 * (1 - B + (B * lengths[r]![i]!) / average[i]!));
      });
      score += term.idf * tf;
    }
    row.bm25 = -score;
  });
  return rows.sort((a, b) => a.bm25 - b.bm25);
}
