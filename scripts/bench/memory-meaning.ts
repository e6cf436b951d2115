// Meaning-level memory search (issue 29): hit@1/3/10 on test/fixtures/memory/meaning-corpus.json for paraphrased
// questions (tune and held-out halves and the blind sets reported apart) and the share of unanswerable questions answered "no
// confident match", hybrid next to lexical-only; embedding time per record, model load time, RSS of a process
// with the model loaded, and hybrid search p50/p95 at 10k and 100k records. Real SQLite files in a temp folder.
// `bun scripts/bench/memory-meaning.ts [--json] [--sizes 10000,100000] [--sweep]`, or `npm run bench`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEmbedder } from "../../src/memory/meaning/embedder.ts";
import { HUB_WEIGHT, setSimilarityThresholds, similarityThresholds } from "../../src/memory/meaning/fuse.ts";
import { searchMemory, setMeaningSearch } from "../../src/memory/meaning/hybrid-search.ts";
import { embedMissing, projectIndex } from "../../src/memory/meaning/record-vectors.ts";
import { nearest } from "../../src/memory/meaning/vector-index.ts";
import { packVector } from "../../src/memory/meaning/vectors.ts";
import { putVectors } from "../../src/store/memory-vector-writes.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { withTransaction } from "../../src/store/transaction.ts";
import blind from "../../test/fixtures/blind/meaning-questions.json" with { type: "json" };
import blind2 from "../../test/fixtures/blind2/meaning-corpus.json" with { type: "json" };
import blind3 from "../../test/fixtures/blind3/meaning-corpus.json" with { type: "json" };
import blind4 from "../../test/fixtures/blind4/meaning-corpus.json" with { type: "json" };
import blind5 from "../../test/fixtures/blind5/meaning-corpus.json" with { type: "json" };
import blind6 from "../../test/fixtures/blind6/meaning-corpus.json" with { type: "json" };
import blind7 from "../../test/fixtures/blind7/meaning-corpus.json" with { type: "json" };
import blind8 from "../../test/fixtures/blind8/meaning-corpus.json" with { type: "json" };
import blind9 from "../../test/fixtures/blind9/meaning-corpus.json" with { type: "json" };
import meaning from "../../test/fixtures/memory/meaning-corpus.json" with { type: "json" };
import retrieval from "../../test/fixtures/memory/retrieval-corpus.json" with { type: "json" };
import type { Report, ReportTable } from "./measure.ts";
import { buildLatencyStore, recordFact } from "./memory.ts";

const PROJECT = "bench-project";
/** tune: thresholds and lexicon chosen on it; held: the corpus's other half; blind: written by someone who never
 * read the ranker (test/fixtures/blind/; its misses were read in round four); blind2: written the same way in round
 * four with records of its own (test/fixtures/blind2/; its misses were read since); blind3: the same again
 * (test/fixtures/blind3/, written in round four, first scored on round five's final ranker); blind4: the same again
 * (test/fixtures/blind4/, written in round five, first scored on round six's final ranker); blind5: the same again
 * (test/fixtures/blind5/, written in round six, scored on round six's final ranker, read in round eight); blind6: the
 * same again (test/fixtures/blind6/, written in round seven, scored on round eight's final ranker); blind7: the same
 * again (test/fixtures/blind7/, written in round eight, scored on the same ranker in round nine); blind8: the same
 * again (test/fixtures/blind8/, written in round eight, scored on the same ranker in round ten); blind9: the same
 * again (test/fixtures/blind9/, written in round eight, first scored on the same ranker in round eleven). */
const SPLITS = [
  "tune",
  "held",
  "blind",
  "blind2",
  "blind3",
  "blind4",
  "blind5",
  "blind6",
  "blind7",
  "blind8",
  "blind9",
] as const;
type Split = (typeof SPLITS)[number];
type Question = { id: string; type: string; question: string; expect?: string | null };
/** The blind sets from round four on bring their own records, on topics the lexicon's writers never saw. */
const OWN_RECORDS = { blind2, blind3, blind4, blind5, blind6, blind7, blind8, blind9 };
type Corpus = "meaning" | keyof typeof OWN_RECORDS;
const hasOwnRecords = (split: Split): split is keyof typeof OWN_RECORDS => split in OWN_RECORDS;
const questionsOf = (split: Split): Question[] =>
  split === "blind"
    ? blind.questions
    : hasOwnRecords(split)
      ? OWN_RECORDS[split].questions
      : meaning.questions.filter((q) => q.split === split);
/** Each set with records of its own gets a store of its own (its records plus the same distractors). */
const corpusOf = (split: Split): Corpus => (hasOwnRecords(split) ? split : "meaning");
const CORPORA: Corpus[] = ["meaning", ...(Object.keys(OWN_RECORDS) as Corpus[])];
const recordsOf = (corpus: Corpus) => (corpus === "meaning" ? meaning.records : OWN_RECORDS[corpus].records);
type Seeded = Awaited<ReturnType<typeof seededStore>>;
type Mode = "hybrid" | "lexical";

interface Scores {
  hit1: number;
  hit3: number;
  hit10: number;
  paraphrases: number;
  noConfident: number;
  unanswerable: number;
  misses: string[];
}

async function seededStore(dir: string, corpus: Corpus) {
  const store = await openStore(join(dir, `${corpus}.db`));
  await upsertProject(store.db, { id: PROJECT, root: "/bench", identitySource: "configured", name: "b" }, 0);
  let now = Date.UTC(2026, 0, 1);
  const deps = { db: store.db, read: store.read, clock: { now: () => now } };
  const ctx = {
    projectId: PROJECT,
    origin: "agent" as const,
    provenance: { sessionId: null, head: null, worktree: null },
  };
  const memOf = new Map<string, string>();
  const all = [...retrieval.facts.map((f) => ({ ...f, id: `r:${f.id}` })), ...recordsOf(corpus)];
  for (const r of all) {
    now += 60_000;
    memOf.set(await recordFact(deps, ctx, r), r.id);
  }
  return { store, deps, memOf, records: all.length };
}

async function score(stores: Record<Corpus, Seeded>, mode: Mode) {
  setMeaningSearch(mode === "hybrid");
  const out = {} as Record<Split, Scores>;
  for (const split of SPLITS) {
    const { deps, memOf } = stores[corpusOf(split)];
    const s: Scores = {
      hit1: 0,
      hit3: 0,
      hit10: 0,
      paraphrases: 0,
      noConfident: 0,
      unanswerable: 0,
      misses: [],
    };
    for (const q of questionsOf(split)) {
      const found = await searchMemory(deps, PROJECT, { query: q.question, limit: 10 });
      if (!found.ok) throw new Error(found.reason.message);
      const ids = found.value.results.map((h) => memOf.get(h.id));
      if (q.type === "unanswerable") {
        s.unanswerable++;
        if (!found.value.confident) s.noConfident++;
        else s.misses.push(`${q.id}→${ids[0]}`);
        continue;
      }
      s.paraphrases++;
      const at = ids.indexOf(q.expect as string);
      if (at === 0) s.hit1++;
      if (at >= 0 && at < 3) s.hit3++;
      if (at >= 0 && at < 10) s.hit10++;
      if (at < 0 || at >= 3) s.misses.push(`${q.id}@${at < 0 ? "-" : at + 1}`);
    }
    out[split] = s;
  }
  setMeaningSearch(true);
  return out;
}

export async function runQuality(dir: string, sweep = false) {
  const stores = {} as Record<Corpus, Seeded>;
  for (const corpus of CORPORA) stores[corpus] = await seededStore(dir, corpus);
  try {
    const loadStart = performance.now();
    const embedder = await loadEmbedder();
    if (!embedder.ok) throw new Error(embedder.reason);
    const loadMs = performance.now() - loadStart;
    const embedStart = performance.now();
    const filled = await embedMissing(stores.meaning.deps, PROJECT, embedder.value, 600_000);
    const embedMsPerRecord = (performance.now() - embedStart) / Math.max(filled.embedded, 1);
    for (const corpus of CORPORA.slice(1))
      await embedMissing(stores[corpus].deps, PROJECT, embedder.value, 600_000);
    const lexical = await score(stores, "lexical");
    const hybrid = await score(stores, "hybrid");
    const sweeps: Array<{ floor: number; confident: number; tune: Scores }> = [];
    if (sweep)
      for (const floor of [0.3, 0.35, 0.4, 0.45, 0.5])
        for (const confident of [0.55, 0.6, 0.65, 0.7, 0.75]) {
          if (confident < floor) continue;
          setSimilarityThresholds({ floor, confident });
          sweeps.push({ floor, confident, tune: (await score(stores, "hybrid")).tune });
        }
    setSimilarityThresholds(null);
    const records = Object.fromEntries(CORPORA.map((c) => [c, stores[c].records])) as Record<Corpus, number>;
    return { records, loadMs, embedMsPerRecord, embedded: filled.embedded, lexical, hybrid, sweeps };
  } finally {
    for (const { store } of Object.values(stores)) await store.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Hybrid search latency over `count` synthetic records whose vectors are random unit vectors (same cost as real ones). */
export async function runLatency(dir: string, count: number) {
  const { store, queries } = await buildLatencyStore(dir, count);
  const deps = { db: store.db, read: store.read, clock: { now: () => Date.UTC(2026, 0, 1) } };
  try {
    const embedder = await loadEmbedder();
    if (!embedder.ok) throw new Error(embedder.reason);
    const seqs = (await store.db.all("select seq from memory_records order by seq" as never)) as Array<{
      seq: number;
    }>;
    let state = 7;
    const random = () => {
      state = (state * 1103515245 + 12345) >>> 0;
      return (state / 2 ** 32) * 2 - 1;
    };
    for (let at = 0; at < seqs.length; at += 5_000) {
      const batch = seqs.slice(at, at + 5_000).map((row) => {
        const v = Float32Array.from({ length: embedder.value.dims }, random);
        const norm = Math.hypot(...v);
        return {
          recordSeq: Number(row.seq),
          textHash: "synthetic",
          vector: packVector(v.map((x) => x / norm)),
        };
      });
      await withTransaction(store.db, () => putVectors(store.db, PROJECT, embedder.value.model, batch, 0));
    }
    const firstStart = performance.now();
    await searchMemory(deps, PROJECT, { query: "warm the index", limit: 10 });
    const firstMs = performance.now() - firstStart;
    const times = { one: [] as number[], three: [] as number[] };
    for (const query of queries.slice(0, 60)) {
      let start = performance.now();
      await searchMemory(deps, PROJECT, { query, limit: 10 });
      times.one.push(performance.now() - start);
      start = performance.now();
      await searchMemory(deps, PROJECT, { query, queries: [`${query} again`, `about ${query}`], limit: 10 });
      times.three.push(performance.now() - start);
    }
    const index = await projectIndex(store.read, PROJECT, embedder.value.model, embedder.value.dims);
    const vectorOnly: number[] = [];
    const embedOnly: number[] = [];
    for (const query of queries.slice(0, 60)) {
      let start = performance.now();
      const [vector] = await embedder.value.embed([query]);
      embedOnly.push(performance.now() - start);
      start = performance.now();
      nearest(index, vector!, 50, { hubWeight: HUB_WEIGHT });
      vectorOnly.push(performance.now() - start);
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const one = sorted(times.one);
    const three = sorted(times.three);
    return {
      records: count,
      firstMs,
      p50: percentile(one, 0.5),
      p95: percentile(one, 0.95),
      p95three: percentile(three, 0.95),
      p95vector: percentile(sorted(vectorOnly), 0.95),
      p95embed: percentile(sorted(embedOnly), 0.95),
    };
  } finally {
    await store.close();
  }
}

/** RSS of a fresh process of this runtime that loaded the model and embedded one sentence. */
export function measureRss(): { baseMiB: number; loadedMiB: number } | null {
  const probe = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--rss-probe"], {
    encoding: "utf8",
  });
  const line = probe.stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line);
  } catch {
    return null; // the probe failed: reported as unknown
  }
}

async function rssProbe(): Promise<void> {
  const baseMiB = process.memoryUsage().rss / 2 ** 20;
  const embedder = await loadEmbedder();
  if (!embedder.ok) throw new Error(embedder.reason);
  await embedder.value.embed(["one sentence to embed"]);
  console.log(JSON.stringify({ baseMiB, loadedMiB: process.memoryUsage().rss / 2 ** 20 }));
}

const pct = (n: number, d: number) => `${n}/${d} (${d === 0 ? "-" : (n / d).toFixed(2)})`;

type Quality = Awaited<ReturnType<typeof runQuality>>;
type LatencyRow = Awaited<ReturnType<typeof runLatency>>;

export function toTable(q: Quality, latency: LatencyRow[], rss: ReturnType<typeof measureRss>): ReportTable {
  const rows: string[][] = [];
  for (const split of SPLITS)
    for (const [label, key] of [
      ["hit@1", "hit1"],
      ["hit@3", "hit3"],
      ["hit@10", "hit10"],
    ] as const)
      rows.push([
        `${label} paraphrase (${split})`,
        pct(q.hybrid[split][key], q.hybrid[split].paraphrases),
        pct(q.lexical[split][key], q.lexical[split].paraphrases),
      ]);
  for (const split of SPLITS)
    rows.push([
      `no confident match, unanswerable (${split})`,
      pct(q.hybrid[split].noConfident, q.hybrid[split].unanswerable),
      pct(q.lexical[split].noConfident, q.lexical[split].unanswerable),
    ]);
  rows.push(["model load (first search)", `${q.loadMs.toFixed(0)} ms`, ""]);
  rows.push(["embedding time per record", `${q.embedMsPerRecord.toFixed(1)} ms`, ""]);
  rows.push([
    "RSS, fresh process / with model loaded",
    rss ? `${rss.baseMiB.toFixed(0)} / ${rss.loadedMiB.toFixed(0)} MiB` : "?",
    "",
  ]);
  for (const l of latency) {
    rows.push([
      `search p50 / p95 @ ${l.records} (1 phrasing)`,
      `${l.p50.toFixed(1)} / ${l.p95.toFixed(1)} ms`,
      "",
    ]);
    rows.push([`search p95 @ ${l.records} (3 phrasings)`, `${l.p95three.toFixed(1)} ms`, ""]);
    rows.push([`  of which vector index p95 @ ${l.records}`, `${l.p95vector.toFixed(1)} ms`, ""]);
    rows.push(["  of which query embedding p95", `${l.p95embed.toFixed(1)} ms`, ""]);
    rows.push([`first search @ ${l.records} (loads the index)`, `${l.firstMs.toFixed(0)} ms`, ""]);
  }
  const notes = [
    `${q.records.meaning} records (${meaning.records.length} meaning-corpus records + ${retrieval.facts.length} retrieval-corpus facts as distractors) for tune, held and blind; ${Object.entries(
      OWN_RECORDS,
    )
      .map(
        ([name, set]) =>
          `${name} has its own store of ${q.records[name as Corpus]} (${set.records.length} records of its own + the same distractors)`,
      )
      .join(
        "; ",
      )}; similarity floor ${similarityThresholds().floor}, confident at ${similarityThresholds().confident}, both chosen on the tune half`,
    "latency: hybrid searchMemory (words + meaning) on this runtime's SQLite, vectors synthetic (random unit vectors)",
    ...SPLITS.map((s) => `misses hybrid (${s}): ${q.hybrid[s].misses.join(" ") || "none"}`),
    ...q.sweeps.map(
      (s) =>
        `sweep floor ${s.floor} confident ${s.confident}: tune hit@3 ${s.tune.hit3}/${s.tune.paraphrases}, hit@10 ${s.tune.hit10}, no-confident ${s.tune.noConfident}/${s.tune.unanswerable}`,
    ),
  ];
  return { columns: ["measure", "hybrid", "lexical only"], rows, notes };
}

export async function runMeaningBench(sizes = [10_000, 100_000], sweep = false) {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-meaning-"));
  try {
    const quality = await runQuality(dir, sweep);
    const latency: LatencyRow[] = [];
    for (const size of sizes) latency.push(await runLatency(dir, size));
    return toTable(quality, latency, measureRss());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const report: Report = {
  name: "memory-meaning",
  description:
    "meaning-level memory search: paraphrase hit@k, unanswerable questions, embedding cost, latency",
  run: () => runMeaningBench(),
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args.includes("--rss-probe")) await rssProbe();
  else {
    const sizesArg = args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : undefined;
    const sizes =
      sizesArg !== undefined
        ? sizesArg
            .split(",")
            .map(Number)
            .filter((n) => n > 0)
        : undefined;
    const table = await runMeaningBench(sizes, args.includes("--sweep"));
    if (args.includes("--json")) console.log(JSON.stringify(table, null, 2));
    else
      console.log(
        [table.columns.join(" | "), ...table.rows.map((r) => r.join(" | ")), ...(table.notes ?? [])].join(
          "\n",
        ),
      );
  }
}
