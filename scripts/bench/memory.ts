// Memory retrieval benchmark: hit@1 per question type on test/fixtures/memory/retrieval-corpus.json for keel's
// search (with and without supersession) next to a re-implementation of the original extension's lexical scorer,
// then search latency p50/p95 at 1k, 10k and 100k records. Deterministic; real SQLite files in a temp folder.
// `node scripts/bench/memory.ts [--json] [--sizes 1000,10000]`, or through `npm run bench` (exports `report`).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { searchMemory } from "../../src/memory/meaning/hybrid-search.ts";
import { recordMemory, supersedeMemory } from "../../src/memory/records.ts";
import { searchWords } from "../../src/memory/search.ts";
import type { KeelDb } from "../../src/store/db.ts";
import { insertMemoryRow } from "../../src/store/memory-records.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { withTransaction } from "../../src/store/transaction.ts";
import corpus from "../../test/fixtures/memory/retrieval-corpus.json" with { type: "json" };
import type { Report, ReportTable } from "./measure.ts";

type QuestionType = "present" | "superseded" | "adjacent" | "absent";
const TYPES: QuestionType[] = ["present", "superseded", "adjacent", "absent"];
const PROJECT = "bench-project";
const MINUTE = 60_000;

interface Fact {
  id: string;
  stage: string;
  kind: string;
  title: string;
  body: string;
  tags: string[];
  supersedes?: string;
}

/** A minimal ranked answer: ids in rank order, and whether the top one is a confident match. */
type Ranker = (question: string) => Promise<{ ids: string[]; confident: boolean }>;

const facts = corpus.facts as Fact[];
const seedOrder = [...facts].sort((a, b) => stageRank(a.stage) - stageRank(b.stage));
function stageRank(stage: string): number {
  return stage === "base" ? 0 : stage === "distractor" ? 1 : 2;
}

// ---- the original's lexical scorer, re-implemented from its documented rules -------------------------------

interface LexicalRecord {
  id: string;
  title: string;
  body: string;
  kind: string;
  tags: string[];
  updatedAt: number;
}

const lexTokens = (text: string) => [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? [])];

function occurrences(haystack: string, needle: string, cap: number): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && count < cap;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count++;
  return count;
}

/** Phrase bonus (title 20, else body 5); per token: title substring 8, exact tag 6, metadata 3, body hits ≤ 5. */
export function lexicalScore(record: LexicalRecord, query: string): number {
  const q = query.toLowerCase().trim();
  const title = record.title.toLowerCase();
  const body = record.body.toLowerCase();
  const meta = `${record.kind} project pi pi`;
  let score = q && title.includes(q) ? 20 : q && body.includes(q) ? 5 : 0;
  for (const token of lexTokens(q)) {
    if (title.includes(token)) score += 8;
    if (record.tags.includes(token)) score += 6;
    if (meta.includes(token)) score += 3;
    score += Math.min(occurrences(body, token, 8), 5);
  }
  return score;
}

function lexicalSearch(records: LexicalRecord[], query: string): LexicalRecord[] {
  return records
    .map((r) => ({ r, score: lexicalScore(r, query) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.r.updatedAt - a.r.updatedAt || a.r.id.localeCompare(b.r.id))
    .map((x) => x.r);
}

// ---- retrieval quality --------------------------------------------------------------------------------------

/** Records one corpus fact as an agent's note of kind `fact.kind`; returns the record's id. */
export async function recordFact(
  deps: Parameters<typeof recordMemory>[0],
  ctx: Parameters<typeof recordMemory>[1],
  fact: { id: string; title: string; body: string; kind: string; tags: string[] },
): Promise<string> {
  const input = {
    title: fact.title,
    body: fact.body,
    kind: fact.kind as never,
    category: "other" as const,
    tags: fact.tags,
  };
  const out = await recordMemory(deps, ctx, input);
  if (!out.ok) throw new Error(`seeding ${fact.id}: ${out.reason.message}`);
  return out.value.record.id;
}

async function keelRanker(
  dir: string,
  supersede: boolean,
): Promise<{ rank: Ranker; close: () => Promise<void> }> {
  const store = await openStore(join(dir, `quality-${supersede}.db`), { driver: "node-sqlite" });
  await upsertProject(
    store.db,
    { id: PROJECT, root: "/bench", identitySource: "configured", name: "bench" },
    0,
  );
  let now = Date.UTC(2026, 0, 1);
  const deps = { db: store.db, read: store.read, clock: { now: () => now } };
  const memId = new Map<string, string>();
  const ctx = {
    projectId: PROJECT,
    origin: "agent" as const,
    provenance: { sessionId: null, head: null, worktree: null },
  };
  for (const fact of seedOrder) {
    now += MINUTE;
    const recordId = await recordFact(deps, ctx, fact);
    memId.set(fact.id, recordId);
    if (supersede && fact.supersedes) {
      const done = await supersedeMemory(deps, PROJECT, memId.get(fact.supersedes)!, recordId);
      if (!done.ok) throw new Error(done.reason.message);
    }
  }
  const factOf = new Map([...memId].map(([f, m]) => [m, f]));
  const rank: Ranker = async (question) => {
    const out = await searchMemory(deps, PROJECT, { query: question, limit: 5 });
    if (!out.ok) throw new Error(out.reason.message);
    return { ids: out.value.results.map((h) => factOf.get(h.id)!), confident: out.value.confident };
  };
  return { rank, close: () => store.close() };
}

function lexicalRanker(): Ranker {
  const t0 = Date.UTC(2026, 0, 1);
  const records = seedOrder.map((f, i) => ({ ...f, updatedAt: t0 + (i + 1) * MINUTE }));
  return async (question) => {
    const ids = lexicalSearch(records, question).map((r) => r.id);
    return { ids, confident: ids.length > 0 };
  };
}

type Hits = Record<QuestionType, { hit: number; total: number }>;

async function scoreRanker(rank: Ranker): Promise<{ hits: Hits; misses: string[] }> {
  const hits = Object.fromEntries(TYPES.map((t) => [t, { hit: 0, total: 0 }])) as Hits;
  const misses: string[] = [];
  for (const q of corpus.questions) {
    const type = q.type as QuestionType;
    const answer = await rank(q.question);
    const ok = type === "absent" ? !answer.confident : answer.ids[0] === q.expect;
    hits[type].total++;
    if (ok) hits[type].hit++;
    else misses.push(`${q.id}→${answer.ids[0] ?? "none"}`);
  }
  return { hits, misses };
}

// ---- latency ------------------------------------------------------------------------------------------------

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILLER = "the a of to and in is for on with as by at from that this it be are was".split(" ");
const SYLLABLES = "ka lo mi ren tu sa vel dor pi nex ar ul zo bra tem qui fal gor hin jes".split(" ");

/**
 * A vocabulary ranked for a Zipf draw: English filler words on top, then invented words, with the corpus's own
 * words scattered at random ranks between 50 and 5,000 (ordinary project words, neither the commonest nor rare).
 */
function vocabulary(random: () => number): string[] {
  const fromCorpus = [...new Set(facts.flatMap((f) => lexTokens(`${f.title} ${f.body}`)))];
  const invented = new Set<string>();
  while (invented.size < 20_000) {
    const n = 2 + Math.floor(random() * 3);
    invented.add(
      Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(""),
    );
  }
  const words = [...FILLER, ...invented];
  for (const word of fromCorpus) words.splice(50 + Math.floor(random() * 4_950), 0, word);
  return words;
}

/** Zipf-distributed word picker (s = 1) over the vocabulary. */
function zipf(words: string[], random: () => number): () => string {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    sum += 1 / (i + 1);
    cumulative.push(sum);
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}

async function fillStore(
  db: KeelDb,
  count: number,
  word: () => string,
  random: () => number,
): Promise<LexicalRecord[]> {
  const records: LexicalRecord[] = [];
  const t0 = Date.UTC(2025, 0, 1);
  const phrase = (n: number) => Array.from({ length: n }, word).join(" ");
  for (let start = 0; start < count; start += 5_000) {
    await withTransaction(db, async (tx) => {
      for (let i = start; i < Math.min(count, start + 5_000); i++) {
        const title = phrase(3 + Math.floor(random() * 4));
        const body = phrase(20 + Math.floor(random() * 60));
        const tags = [word(), word()].filter((t) => /^[a-z0-9]/.test(t));
        const updatedAt = t0 + i * MINUTE;
        const id = `mem-bench-${i.toString(36)}`;
        records.push({ id, title, body, kind: "fact", tags, updatedAt });
        await insertMemoryRow(tx, {
          id,
          projectId: PROJECT,
          title,
          body,
          tags: tags.join(" "),
          kind: "fact",
          category: "other",
          origin: "agent",
          bytes: title.length + body.length,
          createdAt: updatedAt,
          updatedAt,
        });
      }
    });
  }
  return records;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

interface Latency {
  records: number;
  keelP50: number;
  keelP95: number;
  lexicalP50: number;
  lexicalP95: number;
}

/** A store filled with `count` synthetic records, plus the queries the latency runs use. */
export async function buildLatencyStore(dir: string, count: number) {
  const random = prng(count);
  const word = zipf(vocabulary(random), random);
  const store = await openStore(join(dir, `latency-${count}.db`), { driver: "node-sqlite" });
  await upsertProject(
    store.db,
    { id: PROJECT, root: "/bench", identitySource: "configured", name: "bench" },
    0,
  );
  const records = await fillStore(store.db, count, word, random);
  const queries = [
    ...corpus.questions.map((q) => q.question),
    ...Array.from({ length: 58 }, () => Array.from({ length: 2 + Math.floor(random() * 4) }, word).join(" ")),
  ];
  return { store, records, queries, projectId: PROJECT };
}

async function measureLatency(dir: string, count: number): Promise<Latency> {
  const { store, records, queries } = await buildLatencyStore(dir, count);
  const deps = { db: store.db, read: store.read, clock: { now: () => Date.UTC(2026, 0, 1) } };
  const keel: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of queries) {
      const start = performance.now();
      const out = await searchWords(deps, PROJECT, { query, limit: 10 });
      if (round > 0) keel.push(performance.now() - start);
      if (!out.ok) throw new Error(out.reason.message);
    }
  }
  await store.close();
  const lexical: number[] = [];
  for (const query of queries.slice(0, count >= 100_000 ? 20 : queries.length)) {
    const start = performance.now();
    lexicalSearch(records, query).slice(0, 10);
    lexical.push(performance.now() - start);
  }
  keel.sort((a, b) => a - b);
  lexical.sort((a, b) => a - b);
  return {
    records: count,
    keelP50: percentile(keel, 0.5),
    keelP95: percentile(keel, 0.95),
    lexicalP50: percentile(lexical, 0.5),
    lexicalP95: percentile(lexical, 0.95),
  };
}

// ---- report -------------------------------------------------------------------------------------------------

export interface MemoryBenchResult {
  questions: number;
  hitAt1: Record<string, Hits>;
  misses: Record<string, string[]>;
  latency: Latency[];
}

export async function runMemoryBench(sizes = [1_000, 10_000, 100_000]): Promise<MemoryBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-memory-"));
  try {
    const rankers: Array<[string, Ranker, (() => Promise<void>) | undefined]> = [];
    const withSupersede = await keelRanker(dir, true);
    const withoutSupersede = await keelRanker(dir, false);
    rankers.push(["keel", withSupersede.rank, withSupersede.close]);
    rankers.push(["keel, no supersede", withoutSupersede.rank, withoutSupersede.close]);
    rankers.push(["original lexical", lexicalRanker(), undefined]);
    const hitAt1: Record<string, Hits> = {};
    const misses: Record<string, string[]> = {};
    for (const [name, rank, close] of rankers) {
      const scored = await scoreRanker(rank);
      hitAt1[name] = scored.hits;
      misses[name] = scored.misses;
      await close?.();
    }
    const latency: Latency[] = [];
    for (const size of sizes) latency.push(await measureLatency(dir, size));
    return { questions: corpus.questions.length, hitAt1, misses, latency };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fraction = (h: { hit: number; total: number }) => `${h.hit}/${h.total}`;

export function toTable(result: MemoryBenchResult): ReportTable {
  const names = Object.keys(result.hitAt1);
  const total = (hits: Hits) => ({
    hit: TYPES.reduce((s, t) => s + hits[t].hit, 0),
    total: TYPES.reduce((s, t) => s + hits[t].total, 0),
  });
  const rows = [
    ...TYPES.map((t) => [`hit@1 ${t}`, ...names.map((n) => fraction(result.hitAt1[n]![t]))]),
    ["hit@1 total", ...names.map((n) => fraction(total(result.hitAt1[n]!)))],
    ...result.latency.flatMap((l) => [
      [
        `search p50 @ ${l.records} records`,
        `${l.keelP50.toFixed(2)} ms`,
        "",
        `${l.lexicalP50.toFixed(2)} ms`,
      ],
      [
        `search p95 @ ${l.records} records`,
        `${l.keelP95.toFixed(2)} ms`,
        "",
        `${l.lexicalP95.toFixed(2)} ms`,
      ],
    ]),
  ];
  return {
    columns: ["measure", ...names],
    rows,
    notes: [
      "hit@1: keel = hybrid searchMemory (words, then meaning); latency: keel = searchWords on node:sqlite with FTS5 (target p95 ≤ 5 ms at 100k); original lexical = its",
      "scorer over records already in memory (the original also re-reads every file per search, not counted here)",
      ...names.map((n) => `misses (${n}): ${result.misses[n]!.join(" ") || "none"}`),
    ],
  };
}

export const report: Report = {
  name: "memory",
  description: `memory retrieval hit@1 on ${corpus.questions.length} questions and search latency`,
  run: async () => toTable(await runMemoryBench()),
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const sizesArg = args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : undefined;
  const sizes = sizesArg ? sizesArg.split(",").map(Number) : undefined;
  const result = await runMemoryBench(sizes);
  if (args.includes("--json")) console.log(JSON.stringify(result, null, 2));
  else {
    const table = toTable(result);
    const widths = table.columns.map((c, i) =>
      Math.max(c.length, ...table.rows.map((r) => (r[i] ?? "").length)),
    );
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    console.log([line(table.columns), ...table.rows.map(line), ...(table.notes ?? [])].join("\n"));
  }
}
