// The labelled sets meaning-search ranking benches score on (tune, held, blind 1-5: every seen set) and their
// shared pieces: a record's text, cosine, the hub term, hit@1/3/10 of a ranking, loading a word table from a folder.
// Used by meaning-variants.ts (ranking variants) and meaning-domain.ts (word-vector tables).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { recordText } from "../../src/memory/meaning/record-vectors.ts";
import { decodeWordVectors, rangesInMemory, type WordTable } from "../../src/memory/meaning/word-vectors.ts";
import { ROOT } from "./measure.ts";

export type Rec = { id: string; title: string; body: string; tags: string[] };
export type Q = { id: string; type: string; question: string; expect?: string | null };
export type Split = { name: string; records: Rec[]; questions: Q[] };
/** A variant: given a split's records, a function from a question to a score per record id. */
export type Variant = (split: Split) => (question: string) => Map<string, number>;

const fixture = (path: string) => JSON.parse(readFileSync(join(ROOT, "test/fixtures", path), "utf8"));

export function splits(): Split[] {
  const meaning = fixture("memory/meaning-corpus.json");
  const blind2 = fixture("blind2/meaning-corpus.json");
  const facts = fixture("memory/retrieval-corpus.json").facts.map((f: Rec) => ({ ...f, id: `r:${f.id}` }));
  const pool = [...facts, ...meaning.records];
  return [
    {
      name: "tune",
      records: pool,
      questions: meaning.questions.filter((q: { split: string }) => q.split === "tune"),
    },
    {
      name: "held",
      records: pool,
      questions: meaning.questions.filter((q: { split: string }) => q.split === "held"),
    },
    { name: "blind", records: pool, questions: fixture("blind/meaning-questions.json").questions },
    { name: "blind2", records: [...facts, ...blind2.records], questions: blind2.questions },
    ...["blind3", "blind4", "blind5"].map((name) => {
      const own = fixture(`${name}/meaning-corpus.json`);
      return { name, records: [...facts, ...own.records], questions: own.questions };
    }),
  ];
}

export const textOf = (r: Rec) =>
  recordText({ title: r.title, body: r.body, tags: r.tags.join(" "), aliases: "[]" });
export const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
export const unit = (v: Float32Array) => {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};

/** Each record's similarity to the mean record (the hub term of vector-index.ts). */
export function hubOf(vectors: Map<string, Float32Array>): Map<string, number> {
  const all = [...vectors.values()];
  const mean = new Float32Array(all[0]!.length);
  for (const v of all) for (let i = 0; i < v.length; i++) mean[i]! += v[i]! / all.length;
  return new Map([...vectors].map(([id, v]) => [id, dot(v, mean)]));
}

export function scorePass(variant: Variant, split: Split): string {
  const rank = variant(split);
  let [h1, h3, h10, n] = [0, 0, 0, 0];
  for (const q of split.questions) {
    if (q.type === "unanswerable") continue;
    n++;
    const order = [...rank(q.question)].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const at = order.indexOf(q.expect ?? "");
    h1 += Number(at === 0);
    h3 += Number(at >= 0 && at < 3);
    h10 += Number(at >= 0 && at < 10);
  }
  return `${split.name} ${h1}/${h3}/${h10} of ${n}`;
}

/** A word table read whole from a folder holding its index and rows (by default words.index and vectors.q4). */
export function tableIn(dir: string, [indexName, rowsName] = ["words.index", "vectors.q4"]): WordTable {
  const index = new Uint8Array(readFileSync(join(dir, indexName!)));
  return decodeWordVectors(
    index.length,
    rangesInMemory(index),
    rangesInMemory(readFileSync(join(dir, rowsName!))),
  );
}

/** Prepares every record and question of the sets in a table (its lookups are async, scoring is not). */
export async function prepareSets(table: WordTable, sets: Split[]): Promise<void> {
  for (const s of sets)
    for (const text of [...s.records.map(textOf), ...s.questions.map((q) => q.question)])
      await table.prepare(text);
}

/** compose.ts's vector with the concept share as a parameter: a word part (any width) beside concept weights. */
export function composeParts(
  words: Float32Array,
  found: Map<number, number>,
  groups: number,
  share: number,
): Float32Array {
  const out = new Float32Array(words.length + groups);
  let norm = 0;
  for (const weight of found.values()) norm += weight * weight;
  const conceptScale = norm > 0 ? Math.sqrt(share / norm) : 0;
  for (let d = 0; d < words.length; d++) out[d] = Math.sqrt(1 - share) * words[d]!;
  for (const [group, weight] of found) out[words.length + group] = conceptScale * weight;
  return unit(out);
}
