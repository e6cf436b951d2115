// Meaning-level memory search with the real word-vector embedder on real SQLite: the paraphrase is found by
// meaning where words alone find nothing, several phrasings are fused, aliases count, status reports the index
// without loading the model, backfill is bounded, and the pure parts (packing, index, fusion) hold.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMemory } from "../../src/memory/actions.ts";
import { embedderLoaded, loadEmbedder } from "../../src/memory/meaning/embedder.ts";
import {
  CONFIDENT_SIMILARITY,
  fuseHits,
  mergeWordHits,
  SIMILARITY_FLOOR,
} from "../../src/memory/meaning/fuse.ts";
import { hasProse, searchMemory, setMeaningSearch } from "../../src/memory/meaning/hybrid-search.ts";
import { EMBED_MODEL_ID } from "../../src/memory/meaning/model-files.ts";
import { EMBED_WRITE_BATCH, embedMissing } from "../../src/memory/meaning/record-vectors.ts";
import { addToIndex, createIndex, nearest } from "../../src/memory/meaning/vector-index.ts";
import { cosine, packVector } from "../../src/memory/meaning/vectors.ts";
import type { SearchHit } from "../../src/memory/search.ts";
import { matchWhy } from "../../src/server/ui/pages/memory.tsx";
import { type Fixture, openFixture } from "./memory-checks.ts";

const dir = mkdtempSync(join(tmpdir(), "keel-meaning-"));
let f: Fixture;
const ids: Record<string, string> = {};

beforeAll(async () => {
  f = await openFixture("node-sqlite", join(dir, "meaning.db"));
  ids.cents = await f.record({ title: "Money", body: "Store money as integer cents.", kind: "decision" });
  ids.pnpm = await f.record({ title: "Installs", body: "Install dependencies with pnpm, not yarn." });
  ids.e2e = await f.record({ title: "Browser tests", body: "End-to-end tests use Playwright." });
  ids.alias = await f.record({
    title: "Release train",
    body: "Cut on Tuesdays.",
    aliases: ["which weekday do we ship"],
  });
});
afterAll(async () => {
  await f.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const question = "how do we keep prices, as decimals or whole numbers?";

describe("meaning search (real model)", () => {
  it("status reports the model and the embedded count without loading the model", async () => {
    const status = await callMemory(f.deps, ctx(), { action: "status" });
    expect(status.ok && status.value.meaning).toMatchObject({
      model: EMBED_MODEL_ID,
      embedded: 0,
      records: 4,
    });
    expect(embedderLoaded()).toBe(false);
  });

  it("words alone miss the paraphrase; meaning finds it first, marked as a meaning match", async () => {
    setMeaningSearch(false);
    const words = await searchMemory(f.deps, "proj-a", { query: question });
    setMeaningSearch(true);
    expect(words.ok && words.value.results.map((h) => h.id)).not.toContain(ids.cents);
    const found = await searchMemory(f.deps, "proj-a", { query: question });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.value.results[0]).toMatchObject({ id: ids.cents, match: "meaning" });
    expect(found.value.results[0]!.similarity).toBeGreaterThan(0.2);
    expect(found.value.meaning).toMatchObject({
      model: EMBED_MODEL_ID,
      embeddedNow: 4,
      pending: false,
    });
  });

  it("fuses several phrasings through the tool action and reports each", async () => {
    const out = await callMemory(f.deps, ctx(), {
      action: "search",
      query: "zzqx",
      queries: ["which program adds a library to the repo?", "pnpm"],
    });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.phrasings).toEqual(["zzqx", "which program adds a library to the repo?", "pnpm"]);
    expect(out.value.results[0]).toMatchObject({ id: ids.pnpm });
    expect(out.value.results[0]!.match).not.toBe("meaning");
  });

  it("rejects more than four extra phrasings with a clear error", async () => {
    const out = await callMemory(f.deps, ctx(), {
      action: "search",
      query: "a",
      queries: ["b", "c", "d", "e", "f"],
    });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason.field).toBe("queries");
  });

  it("a record's aliases are embedded with it", async () => {
    const found = await searchMemory(f.deps, "proj-a", { query: "on what weekday do we ship?" });
    expect(found.ok && found.value.results[0]?.id).toBe(ids.alias);
    const read = await callMemory(f.deps, ctx(), { action: "read", id: ids.alias });
    expect(read.ok && read.value.record.aliases).toEqual(["which weekday do we ship"]);
  });

  it("a question memory cannot answer gets no confident match", async () => {
    const found = await searchMemory(f.deps, "proj-a", { query: "What is the office wifi password?" });
    expect(found.ok && found.value.confident).toBe(false);
  });

  it("backfill embeds in bounded batches and says when more is pending", async () => {
    for (let i = 0; i < EMBED_WRITE_BATCH + 3; i++)
      await f.record({ title: `note ${i}`, body: `filler ${i}` });
    const embedder = await loadEmbedder();
    if (!embedder.ok) throw new Error(embedder.reason);
    expect(await embedMissing(f.deps, "proj-a", embedder.value, 0)).toEqual({
      embedded: EMBED_WRITE_BATCH,
      pending: true,
    });
    expect(await embedMissing(f.deps, "proj-a", embedder.value)).toEqual({ embedded: 3, pending: false });
  });
});

describe("meaning search (pure parts)", () => {
  it("only phrasings with an ordinary word are compared by meaning (tokens and hashes are for the words index)", () => {
    expect(hasProse("ghp_abcdefghijklmnopqrstuvwxyz0123")).toBe(false);
    expect(hasProse("3f2a9c1 src/memory/search.ts --json")).toBe(false);
    expect(hasProse("valkey")).toBe(true);
    expect(hasProse("how do we keep prices?")).toBe(true);
  });

  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed / 2 ** 32) * 2 - 1;
  };
  const unitVector = (next: () => number, dims: number) => {
    const v = Float32Array.from({ length: dims }, next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };

  it("the index agrees with exact cosine on the nearest record", () => {
    const next = random(11);
    const vectors = Array.from({ length: 3_000 }, () => unitVector(next, 64));
    const index = createIndex(64);
    vectors.forEach((v, seq) => {
      addToIndex(index, seq, packVector(v));
    });
    for (let q = 0; q < 20; q++) {
      const target = vectors[q * 97]!;
      const noisy = Float32Array.from(target, (x) => x + 0.05 * next());
      const query = noisy.map((x) => x / Math.hypot(...noisy));
      const exact = vectors.map((v, seq) => ({ seq, s: cosine(v, query) })).sort((a, b) => b.s - a.s)[0]!;
      const found = nearest(index, query, 1)[0]!;
      expect(found.seq).toBe(exact.seq);
      expect(Math.abs(found.similarity - exact.s)).toBeLessThan(0.02);
    }
  });

  it("confident word hits keep their order; meaning fills below them; under the floor nothing is added", () => {
    const hit = (id: string, relevance: number, similarity: number | null = null): SearchHit =>
      ({
        id,
        relevance,
        similarity,
        match: similarity === null ? "words" : "meaning",
        status: "active",
      }) as SearchHit;
    const under = SIMILARITY_FLOOR - 0.1;
    const between = (SIMILARITY_FLOOR + CONFIDENT_SIMILARITY) / 2;
    const sure = CONFIDENT_SIMILARITY + 0.05;
    const words = mergeWordHits([{ hits: [hit("w1", 0.9), hit("w2", 0.6), hit("weak", 0.2)] }]);
    const fused = fuseHits({
      words,
      meaning: [hit("m-low", 0, under), hit("m1", 0, between), hit("m2", 0, sure)],
      similarityOf: new Map([
        ["w2", sure],
        ["weak", under / 2],
      ]),
      limit: 10,
    });
    // m1 is over the floor but under the confident bar: the words already answered, so it stays out
    expect(fused.results.map((h) => h.id)).toEqual(["w1", "w2", "m2", "weak"]);
    expect(fused.results[1]!.match).toBe("both");
    expect(fused.confident).toBe(true);
    const noWords = fuseHits({
      words: [hit("weak", 0.2)],
      meaning: [hit("m-low", 0, under), hit("m1", 0, between), hit("m2", 0, sure)],
      similarityOf: new Map([["weak", under / 2]]),
      limit: 10,
    });
    expect(noWords.results.map((h) => h.id)).toEqual(["m2", "m1", "weak"]);
    const unsure = fuseHits({
      words: [],
      meaning: [hit("m1", 0, between)],
      similarityOf: new Map(),
      limit: 10,
    });
    expect(unsure).toEqual({ results: [expect.objectContaining({ id: "m1" })], confident: false });
  });
});

function ctx() {
  return {
    projectId: "proj-a",
    origin: "owner" as const,
    provenance: { sessionId: null, head: null, worktree: null },
    approve: async () => false,
  };
}

describe("why a hit matched, as the UI says it", () => {
  it("names words, meaning or both, with the similarity or coverage", () => {
    const base = { relevance: 0.5, similarity: 0.412 } as SearchHit;
    expect(matchWhy({ ...base, match: "meaning" })).toBe("matched by meaning (similarity 0.41)");
    expect(matchWhy({ ...base, match: "both" })).toBe("matched by words and meaning (similarity 0.41)");
    expect(matchWhy({ ...base, match: "words", similarity: null })).toBe(
      "matched by words (covers 50% of the query)",
    );
  });
});
