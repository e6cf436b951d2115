// Memory search as every surface calls it: each phrasing is searched by words (search.ts), then, when the
// local embedding model is available, by meaning over the project's record vectors, and the two are fused
// (fuse.ts). The model loads on the first search that has words to look for; records written before it
// loaded are embedded here first, within a time budget (a write embeds its record at once: embedAfterWrite).
// Without a model, the answer is the lexical one.
import { ok } from "../../core/result.ts";
import { rowsBySeq } from "../../store/memory-vectors.ts";
import { ORIGINS } from "../../store/schema/origin.ts";
import { MEMORY_LIMITS, type MemoryResult } from "../model.ts";
import type { MemoryDeps } from "../policy.ts";
import { validateQuery } from "../query-check.ts";
import { type SearchHit, type SearchInput, type SearchOutcome, searchWords, toHit } from "../search.ts";
import { type Embedder, loadEmbedder } from "./embedder.ts";
import { fuseHits, HUB_WEIGHT, mergeWordHits } from "./fuse.ts";
import { embedMissing, projectIndex } from "./record-vectors.ts";
import { nearest } from "./vector-index.ts";

/** Phrasings one search may carry (the query and up to this many minus one more). */
export const MAX_PHRASINGS = 5;
/** Meaning neighbours considered per phrasing before filters. */
const NEIGHBOURS = 50;

export type MeaningState =
  | { model: string; embeddedNow: number; pending: boolean }
  | { unavailable: string }
  | { skipped: "no words to compare" };

export interface HybridOutcome extends SearchOutcome {
  /** Every phrasing searched, in order. */
  phrasings: string[];
  meaning: MeaningState;
}

/** For tests and benches: search by words only (no model load), as if the build had no model. */
let meaningOff = false;
export function setMeaningSearch(enabled: boolean): void {
  meaningOff = !enabled;
}

/**
 * After a record is written: vectors for the records that have none (the new one, and any backlog within the
 * budget). The record is already stored, so a model that cannot load or a failed vector write leaves the work to
 * the next search instead of failing the write.
 */
export async function embedAfterWrite(deps: MemoryDeps, projectId: string): Promise<void> {
  if (meaningOff) return;
  const embedder = await loadEmbedder();
  if (!embedder.ok) return;
  try {
    await embedMissing(deps, projectId, embedder.value);
  } catch {
    return; // the next search embeds what is missing
  }
}

function phrasingsOf(input: SearchInput): MemoryResult<string[]> {
  const extra = input.queries ?? [];
  if (extra.length > MAX_PHRASINGS - 1)
    return {
      ok: false,
      reason: {
        code: "INVALID_INPUT",
        message: `at most ${MAX_PHRASINGS - 1} more phrasings`,
        field: "queries",
      },
    };
  const all: string[] = [];
  for (const raw of [input.query, ...extra]) {
    const checked = validateQuery(raw);
    if (!checked.ok) return checked;
    if (checked.value !== "" && !all.includes(checked.value)) all.push(checked.value);
  }
  return ok(all);
}

export async function searchMemory(
  deps: MemoryDeps,
  projectId: string,
  input: SearchInput,
): Promise<MemoryResult<HybridOutcome>> {
  const phrasings = phrasingsOf(input);
  if (!phrasings.ok) return phrasings;
  const lists: SearchOutcome[] = [];
  for (const query of phrasings.value.length > 0 ? phrasings.value : [""]) {
    const words = await searchWords(deps, projectId, { ...input, query, queries: undefined });
    if (!words.ok) return words;
    lists.push(words.value);
  }
  const terms = [...new Set(lists.flatMap((l) => l.terms))];
  const base = { phrasings: phrasings.value, terms };
  const limit = input.limit ?? MEMORY_LIMITS.searchLimitDefault;
  const words = mergeWordHits(lists.map((l) => ({ hits: l.results })));
  if (terms.length === 0 || !phrasings.value.some(hasProse)) {
    const confident = lists.some((l) => l.confident);
    const results = terms.length === 0 ? lists[0]!.results : words.slice(0, limit);
    return ok({ ...base, results, confident, meaning: { skipped: "no words to compare" } });
  }
  const embedder = meaningOff ? null : await loadEmbedder();
  if (!embedder?.ok) {
    const unavailable = embedder ? embedder.reason : "meaning search is off";
    const confident = lists.some((l) => l.confident);
    return ok({ ...base, results: words.slice(0, limit), confident, meaning: { unavailable } });
  }
  const fill = await embedMissing(deps, projectId, embedder.value);
  const near = await neighbours(deps, projectId, input, embedder.value, phrasings.value);
  const fused = fuseHits({ words, ...near, limit });
  const results = fused.results.sort((a, b) => Number(a.status !== "active") - Number(b.status !== "active"));
  return ok({
    ...base,
    results,
    confident: fused.confident,
    meaning: { model: embedder.value.model, embeddedNow: fill.embedded, pending: fill.pending },
  });
}

/**
 * True when a phrasing has at least one ordinary word (letters, maybe an apostrophe or hyphen, up to 24 of them):
 * a query made only of identifiers, hashes, tokens or paths is for the words index, and a sentence model
 * would place it near records at random.
 */
export function hasProse(phrasing: string): boolean {
  return phrasing
    .split(/\s+/)
    .some((chunk) => /^["'(]*\p{L}[\p{L}'’-]{0,23}[.,;:!?"')]*$/u.test(chunk) && !/[-'’]$/.test(chunk));
}

/** Records near any phrasing (best similarity and score over phrasings), as hits that pass the search's filters. */
async function neighbours(
  deps: MemoryDeps,
  projectId: string,
  input: SearchInput,
  embedder: Embedder,
  phrasings: string[],
): Promise<{ meaning: SearchHit[]; similarityOf: Map<string, number>; scoreOf: Map<string, number> }> {
  const index = await projectIndex(deps.read, projectId, embedder.model, embedder.dims);
  const vectors = await embedder.embed(phrasings);
  const bySeq = new Map<number, { similarity: number; score: number }>();
  for (const vector of vectors)
    for (const n of nearest(index, vector, NEIGHBOURS, { hubWeight: HUB_WEIGHT })) {
      const best = bySeq.get(n.seq);
      bySeq.set(n.seq, {
        similarity: Math.max(best?.similarity ?? -1, n.similarity),
        score: Math.max(best?.score ?? -Infinity, n.score),
      });
    }
  const rows = await rowsBySeq(
    deps.read,
    {
      projectId,
      origins: input.source === "derived" ? ["derived"] : [...ORIGINS],
      statuses: input.includeSuperseded ? ["active", "superseded", "rejected"] : ["active"],
      kinds: input.kinds,
    },
    [...bySeq.keys()],
  );
  const similarityOf = new Map<string, number>();
  const scoreOf = new Map<string, number>();
  const meaning = rows.map((row) => {
    const { similarity, score } = bySeq.get(row.seq)!;
    similarityOf.set(row.id, similarity);
    scoreOf.set(row.id, score);
    const hit = toHit(row, 0, excerptOf(row.body));
    return { ...hit, match: "meaning" as const, similarity: Math.round(similarity * 1000) / 1000 };
  });
  return { meaning, similarityOf, scoreOf };
}

const excerptOf = (body: string) => {
  const text = body.replace(/\s+/g, " ").trim();
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
};
