// How word hits and meaning neighbours become one ranked answer, pure. Confident word hits (they cover most
// of the query) keep their lexical order at the top; the rest of the list is filled by meaning: records whose
// similarity to some phrasing reaches the floor, best first, with weaker word hits placed by their similarity.
// Below the floor nothing is added, and when the words already answered (a strong hit), a meaning-only neighbour
// must reach CONFIDENT_SIMILARITY to be added under them. The answer is confident only when a word hit is strong
// or a neighbour reaches CONFIDENT_SIMILARITY, so a question memory cannot answer gets "no confident match".
import { CONFIDENT_RELEVANCE, type SearchHit } from "../search.ts";

/**
 * Cosine similarity (word vectors and concepts, compose.ts) a meaning neighbour needs to be shown at all; chosen
 * on the corpus's tune half: 0.3 is the highest floor that keeps every tune hit@3 and hit@10 of the hybrid ranking
 * (chosen with a 602-group trial lexicon and HUB_WEIGHT; 0.35 lost one of each; with the shipped 306-group
 * lexicon the tune half keeps 29/32 at hit@3 and 31/32 at hit@10). Below CONFIDENT_SIMILARITY a neighbour is
 * only a "possible match".
 */
export const SIMILARITY_FLOOR = 0.3;
/**
 * Similarity at which a meaning neighbour counts as a confident answer; below it the list is "possible matches".
 * On the tune half 0.65 to 0.75 all answer the 8 unanswerable questions "no confident match" (0.6 answers 6);
 * 0.7 is the middle of that plateau.
 */
export const CONFIDENT_SIMILARITY = 0.7;

/**
 * Share of a record's similarity to the mean of the project's records taken off its rank (vector-index.ts), so a
 * record near everything stops topping unrelated questions; thresholds still apply to the plain similarity. Chosen
 * on the tune half: 0.5 is the largest of 0, 0.25, 0.5, 0.75, 1 that keeps its hit@3.
 */
export const HUB_WEIGHT = 0.5;

export interface PhrasingHits {
  /** Word hits for one phrasing, in lexical rank order. */
  hits: SearchHit[];
}

/**
 * Word hits of every phrasing merged: a record keeps its best relevance; order by the best rank it reached in
 * any phrasing, then relevance (for one phrasing this is exactly the lexical order).
 */
export function mergeWordHits(lists: PhrasingHits[]): SearchHit[] {
  const best = new Map<string, { hit: SearchHit; rank: number }>();
  for (const list of lists)
    list.hits.forEach((hit, rank) => {
      const seen = best.get(hit.id);
      if (!seen) best.set(hit.id, { hit: { ...hit }, rank });
      else {
        seen.rank = Math.min(seen.rank, rank);
        if (hit.relevance > seen.hit.relevance) seen.hit = { ...hit };
      }
    });
  return [...best.values()]
    .sort((a, b) => a.rank - b.rank || b.hit.relevance - a.hit.relevance || a.hit.id.localeCompare(b.hit.id))
    .map((entry) => entry.hit);
}

export interface FuseInput {
  words: SearchHit[];
  /** Meaning neighbours as hits (match "meaning", similarity set), any order. */
  meaning: SearchHit[];
  /** Similarity of word hits that also have a vector, by id. */
  similarityOf: Map<string, number>;
  /** What meaning places are ordered by (vector-index.ts's score), by id; the similarity where absent. */
  scoreOf?: Map<string, number>;
  limit: number;
}

export function fuseHits(input: FuseInput): { results: SearchHit[]; confident: boolean } {
  const { floor, confident: sure } = similarityThresholds();
  const strong = input.words.filter((h) => h.relevance >= CONFIDENT_RELEVANCE);
  const taken = new Set(strong.map((h) => h.id));
  const weak = input.words.filter((h) => !taken.has(h.id));
  for (const hit of [...strong, ...weak]) {
    const similarity = input.similarityOf.get(hit.id);
    if (similarity === undefined) continue;
    hit.similarity = round(similarity);
    if (similarity >= floor) hit.match = "both";
  }
  const weakIds = new Set(weak.map((h) => h.id));
  const neighbourFloor = strong.length > 0 ? Math.max(floor, sure) : floor;
  const fill = [
    ...weak.filter((h) => (h.similarity ?? -1) >= floor),
    ...input.meaning.filter(
      (h) => !taken.has(h.id) && !weakIds.has(h.id) && (h.similarity ?? -1) >= neighbourFloor,
    ),
  ];
  const scoreOf = (hit: SearchHit) => input.scoreOf?.get(hit.id) ?? hit.similarity ?? 0;
  fill.sort((a, b) => scoreOf(b) - scoreOf(a) || a.id.localeCompare(b.id));
  for (const hit of fill) taken.add(hit.id);
  const leftover = weak.filter((h) => !taken.has(h.id));
  const results = [...strong, ...fill, ...leftover].slice(0, input.limit);
  const confident = strong.length > 0 || fill.some((h) => (h.similarity ?? 0) >= sure);
  return { results, confident };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

let override: { floor: number; confident: number } | null = null;
/** Benches sweep the thresholds with this; null restores SIMILARITY_FLOOR and CONFIDENT_SIMILARITY. */
export function setSimilarityThresholds(thresholds: { floor: number; confident: number } | null): void {
  override = thresholds;
}
export const similarityThresholds = () =>
  override ?? { floor: SIMILARITY_FLOOR, confident: CONFIDENT_SIMILARITY };
