// A text's vector as keel compares it: its word-vector means (word-vectors.ts), one per table (general English, then
// software prose) side by side, beside one dimension per lexicon concept (concepts.ts), the word part and the
// concept part each unit length and weighted so that the cosine of two such vectors is CONCEPT_SHARE times their
// concept similarity plus the rest times their word similarity. Pure.
import { type ConceptTable, textConcepts } from "./concepts.ts";
import { embedWords, WORD_DIMS, type WordTable } from "./word-vectors.ts";

/**
 * Share of the similarity that comes from shared concepts, chosen on the corpus's tune half: 0.4, 0.5 and 0.6
 * give the same tune hit@3 (29/32, model only); 0.5 is the middle. 0 is the word vectors alone (8/32).
 */
export const CONCEPT_SHARE = 0.5;

export const composedDims = (concepts: ConceptTable, tables = 1) => tables * WORD_DIMS + concepts.groups;

export function embedText(tables: readonly WordTable[], concepts: ConceptTable, text: string): Float32Array {
  const wordDims = tables.length * WORD_DIMS;
  const out = new Float32Array(composedDims(concepts, tables.length));
  for (const [t, table] of tables.entries()) out.set(embedWords(table, text), t * WORD_DIMS);
  const found = textConcepts(concepts, text);
  let norm = 0;
  for (const weight of found.values()) norm += weight * weight;
  const conceptScale = norm > 0 ? Math.sqrt(CONCEPT_SHARE / norm) : 0;
  let wordNorm = 0;
  for (let d = 0; d < wordDims; d++) wordNorm += out[d]! * out[d]!;
  const wordScale = wordNorm > 0 ? Math.sqrt((1 - CONCEPT_SHARE) / wordNorm) : 0;
  for (let d = 0; d < wordDims; d++) out[d]! *= wordScale;
  for (const [group, weight] of found) out[wordDims + group] = conceptScale * weight;
  let total = 0;
  for (const x of out) total += x * x;
  if (total > 0) for (let d = 0; d < out.length; d++) out[d]! /= Math.sqrt(total);
  return out;
}
