// Ranking variants for meaning search, measured against the shipped ranker on every seen set (issue 29, round
// five): hit@1/3/10 of the meaning rank alone (no store, no word fusion; within one hit of memory-meaning.ts's
// hybrid figures) for pseudo-relevance feedback, a title-weighted record vector, best sentence, max-sim word
// alignment and the concept share / hub weight grid. Each variant changes only how vectors are scored, so the
// shipped table and lexicon are used as they are. `bun scripts/bench/meaning-variants.ts` (run on its own: `npm run
// bench` loads every file here and this one exports no report).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { composedDims } from "../../src/memory/meaning/compose.ts";
import { type ConceptTable, conceptTable, textConcepts } from "../../src/memory/meaning/concepts.ts";
import built from "../../src/memory/meaning/lexicon/built.json" with { type: "json" };
import { packagedModelFiles } from "../../src/memory/meaning/model-files.ts";
import { recordText } from "../../src/memory/meaning/record-vectors.ts";
import {
  decodeWordVectors,
  embedWords,
  rangesInMemory,
  textWords,
  WORD_DIMS,
  type WordTable,
} from "../../src/memory/meaning/word-vectors.ts";
import { stem } from "../../src/memory/stem.ts";
import { ROOT } from "./measure.ts";

type Rec = { id: string; title: string; body: string; tags: string[] };
type Q = { id: string; type: string; question: string; expect?: string | null };
type Split = { name: string; records: Rec[]; questions: Q[] };
/** A variant: given a split's records, a function from a question to a score per record id. */
type Variant = (split: Split) => (question: string) => Map<string, number>;

const fixture = (path: string) => JSON.parse(readFileSync(join(ROOT, "test/fixtures", path), "utf8"));

function splits(): Split[] {
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
  ];
}

const textOf = (r: Rec) =>
  recordText({ title: r.title, body: r.body, tags: r.tags.join(" "), aliases: "[]" });
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const unit = (v: Float32Array) => {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};

/** compose.ts's vector with the concept share as a parameter. */
function composeWith(
  words: WordTable,
  concepts: ConceptTable,
  text: string,
  share: number,
  extra: Map<number, number> = new Map(),
): Float32Array {
  const out = new Float32Array(composedDims(concepts));
  const wordPart = embedWords(words, text);
  const found = textConcepts(concepts, text);
  for (const [group, weight] of extra) found.set(group, (found.get(group) ?? 0) + weight);
  let norm = 0;
  for (const weight of found.values()) norm += weight * weight;
  const conceptScale = norm > 0 ? Math.sqrt(share / norm) : 0;
  for (let d = 0; d < WORD_DIMS; d++) out[d] = Math.sqrt(1 - share) * wordPart[d]!;
  for (const [group, weight] of found) out[WORD_DIMS + group] = conceptScale * weight;
  return unit(out);
}

/** Each record's similarity to the mean record (the hub term of vector-index.ts). */
function hubOf(vectors: Map<string, Float32Array>): Map<string, number> {
  const all = [...vectors.values()];
  const mean = new Float32Array(all[0]!.length);
  for (const v of all) for (let i = 0; i < v.length; i++) mean[i]! += v[i]! / all.length;
  return new Map([...vectors].map(([id, v]) => [id, dot(v, mean)]));
}

function scorePass(variant: Variant, split: Split): string {
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

async function main(): Promise<void> {
  const files = packagedModelFiles();
  if (!files) throw new Error("no word vectors in assets/word-vectors");
  const index = new Uint8Array(readFileSync(files["words.index"]!));
  const table = decodeWordVectors(
    index.length,
    rangesInMemory(index),
    rangesInMemory(readFileSync(files["vectors.q4"]!)),
  );
  const concepts = conceptTable();
  const sets = splits();
  for (const s of sets)
    for (const text of [...s.records.map(textOf), ...s.questions.map((q) => q.question)])
      await table.prepare(text);
  const compose = (text: string, share = 0.5) => composeWith(table, concepts, text, share);
  const lexicon = await lexiconRows(table);
  const soft =
    (t: number, m: number, g: number): Compose =>
    (text) =>
      composeWith(table, concepts, text, 0.5, softConcepts(table, concepts, lexicon, text, { t, m, g }));
  const variants = makeVariants(table, compose);
  for (const [t, m, g] of [
    [0.6, 1, 0.3],
    [0.6, 1, 0.6],
    [0.6, 3, 0.3],
    [0.7, 1, 0.3],
    [0.7, 1, 0.6],
    [0.7, 3, 0.3],
  ] as const)
    variants.push([`soft concepts ${t}/${m}/${g}`, hubbed(soft(t, m, g), {})]);
  for (const [name, variant] of variants)
    console.log(name.padEnd(26), sets.map((s) => scorePass(variant, s)).join(" | "));
}

type Compose = (text: string, share?: number) => Float32Array;

/** The shipped scoring (similarity less hub times the hub term), with optional query and record rewrites. */
function hubbed(
  compose: Compose,
  o: { hub?: number; share?: number; title?: number; prf?: [number, number] },
): Variant {
  const { hub = 0.5, share = 0.5, title = 0, prf } = o;
  return (split) => {
    const vectors = new Map(
      split.records.map((r) => {
        const v = compose(textOf(r), share);
        const t = title > 0 ? compose(r.title, share) : null;
        return [r.id, t ? unit(v.map((x, i) => x + title * t[i]!)) : v] as const;
      }),
    );
    const hubs = hubOf(vectors);
    const rank = (q: Float32Array) =>
      new Map([...vectors].map(([id, v]) => [id, dot(q, v) - hub * hubs.get(id)!]));
    return (question) => {
      const q = compose(question, share);
      if (!prf) return rank(q);
      const [k, beta] = prf;
      const top = [...rank(q)].sort((a, b) => b[1] - a[1]).slice(0, k);
      for (const [id] of top) {
        const v = vectors.get(id)!;
        for (let i = 0; i < q.length; i++) q[i]! += (beta / k) * v[i]!;
      }
      return rank(q);
    };
  };
}

function wordRow(table: WordTable, word: string): Float32Array | null {
  const rank = table.rankOf(word);
  if (rank === undefined) return null;
  const packed = table.row(rank);
  const v = new Float32Array(WORD_DIMS);
  for (let at = 0; at < packed.length; at++) {
    v[2 * at] = (packed[at]! & 15) - 8;
    v[2 * at + 1] = (packed[at]! >> 4) - 8;
  }
  return unit(v);
}

/** Shipped score plus `weight` times the share of the question's words with a record word at least `floor` alike. */
function aligned(table: WordTable, compose: Compose, weight: number, floor: number): Variant {
  const base = hubbed(compose, {});
  const rowsOf = (text: string) =>
    [...new Set(textWords(text, (w) => table.rankOf(w) !== undefined))].flatMap(
      (w) => wordRow(table, w) ?? [],
    );
  return (split) => {
    const rank = base(split);
    const recordRows = new Map(split.records.map((r) => [r.id, rowsOf(textOf(r))]));
    return (question) => {
      const qRows = rowsOf(question);
      const scores = rank(question);
      for (const [id, rows] of recordRows) {
        const best = qRows.map((q) => Math.max(0, ...rows.map((r) => dot(q, r))));
        const share =
          best.reduce((sum, b) => sum + Math.max(0, (b - floor) / (1 - floor)), 0) / (qRows.length || 1);
        scores.set(id, scores.get(id)! + weight * share);
      }
      return scores;
    };
  };
}

/** Shipped score blended with the best title-plus-sentence vector of the record. */
function bestSentence(compose: Compose, mix: number): Variant {
  const base = hubbed(compose, {});
  return (split) => {
    const rank = base(split);
    const parts = new Map(
      split.records.map((r) => [
        r.id,
        r.body.split(/(?<=[.;!?])\s+/).map((s) => compose(`${r.title}. ${s}`)),
      ]),
    );
    return (question) => {
      const q = compose(question);
      const scores = rank(question);
      for (const [id, vs] of parts)
        scores.set(id, (1 - mix) * scores.get(id)! + mix * Math.max(-1, ...vs.map((v) => dot(q, v))));
      return scores;
    };
  };
}

type LexiconRow = { row: Float32Array; groups: number[] };

/** The lexicon's one-word phrases that have a word vector, with their groups. */
async function lexiconRows(table: WordTable): Promise<LexiconRow[]> {
  const lines = (built as { exact: string }).exact.split("\n").map((line) => line.split("\t"));
  const single = lines.filter(([phrase]) => !phrase!.includes(" "));
  await table.prepare(single.map(([phrase]) => phrase).join(" "));
  return single.flatMap(([phrase, groups]) => {
    const row = wordRow(table, phrase!);
    return row ? [{ row, groups: groups!.split(",").map(Number) }] : [];
  });
}

/**
 * Concepts lent to a text's words the lexicon lacks (and that are not among the 300 commonest words): the groups of
 * the `m` lexicon words nearest by word vector at cosine `t` or more, each weighing `g` times that cosine.
 */
function softConcepts(
  table: WordTable,
  concepts: ConceptTable,
  lexicon: LexiconRow[],
  text: string,
  o: { t: number; m: number; g: number },
): Map<number, number> {
  const out = new Map<number, number>();
  for (const word of new Set(textWords(text, (w) => table.rankOf(w) !== undefined))) {
    if ((table.rankOf(word) ?? 0) <= 300 || concepts.exact(word) || concepts.stemmed(stem(word))) continue;
    const row = wordRow(table, word);
    if (!row) continue;
    const near = lexicon
      .map((l) => ({ l, s: dot(row, l.row) }))
      .filter((x) => x.s >= o.t)
      .sort((a, b) => b.s - a.s)
      .slice(0, o.m);
    for (const { l, s } of near)
      for (const group of l.groups) out.set(group, (out.get(group) ?? 0) + (o.g * s) / l.groups.length);
  }
  return out;
}

function makeVariants(table: WordTable, compose: Compose): Array<[string, Variant]> {
  const out: Array<[string, Variant]> = [["shipped (share 0.5, hub 0.5)", hubbed(compose, {})]];
  for (const share of [0.4, 0.6])
    for (const hub of [0.25, 0.75]) out.push([`share ${share} hub ${hub}`, hubbed(compose, { share, hub })]);
  for (const [k, beta] of [
    [2, 0.5],
    [3, 1],
    [5, 0.2],
  ] as const)
    out.push([`feedback top ${k} x${beta}`, hubbed(compose, { prf: [k, beta] })]);
  for (const title of [0.3, 0.6]) out.push([`title weight ${title}`, hubbed(compose, { title })]);
  for (const mix of [0.25, 0.5]) out.push([`best sentence ${mix}`, bestSentence(compose, mix)]);
  for (const [weight, floor] of [
    [0.2, 0.3],
    [0.4, 0.5],
  ] as const)
    out.push([`word alignment ${weight}@${floor}`, aligned(table, compose, weight, floor)]);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
