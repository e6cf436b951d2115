// Ranking variants for meaning search, measured against the shipped ranker on every seen set (issue 29, round
// five): hit@1/3/10 of the meaning rank alone (no store, no word fusion; within one hit of memory-meaning.ts's
// hybrid figures) for pseudo-relevance feedback, a title-weighted record vector, best sentence, max-sim word
// alignment and the concept share / hub weight grid. Each variant changes only how vectors are scored, over the
// general word table and the lexicon (the domain table keel also reads is compared in meaning-domain.ts).
// `bun scripts/bench/meaning-variants.ts` (run on its own: `npm run bench` loads every file here and this one
// exports no report).
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConceptTable, conceptTable, textConcepts } from "../../src/memory/meaning/concepts.ts";
import built from "../../src/memory/meaning/lexicon/built.json" with { type: "json" };
import { packagedModelFiles } from "../../src/memory/meaning/model-files.ts";
import { embedWords, textWords, WORD_DIMS, type WordTable } from "../../src/memory/meaning/word-vectors.ts";
import { stem } from "../../src/memory/stem.ts";
import {
  composeParts,
  dot,
  hubOf,
  prepareSets,
  scorePass,
  splits,
  tableIn,
  textOf,
  unit,
  type Variant,
} from "./meaning-sets.ts";

/** compose.ts's vector over the general table with the concept share as a parameter and extra concept weights. */
function composeWith(
  words: WordTable,
  concepts: ConceptTable,
  text: string,
  share: number,
  extra: Map<number, number> = new Map(),
): Float32Array {
  const found = textConcepts(concepts, text);
  for (const [group, weight] of extra) found.set(group, (found.get(group) ?? 0) + weight);
  return composeParts(embedWords(words, text), found, concepts.groups, share);
}

async function main(): Promise<void> {
  const files = packagedModelFiles();
  if (!files) throw new Error("no word vectors in assets/word-vectors");
  const table = tableIn(dirname(files["words.index"]!));
  const concepts = conceptTable();
  const sets = splits();
  await prepareSets(table, sets);
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
