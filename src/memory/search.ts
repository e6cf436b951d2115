// Ranked memory search: the query becomes an OR of quoted terms (stop words dropped), FTS5 ranks candidates
// with field-weighted BM25, and a small recency factor reorders near ties. Current records come first; superseded
// ones only when asked. Each hit reports how much of the query it covers (IDF-weighted), so callers can tell a
// real answer from a weak lexical echo. User/agent records and derived records are never searched together.
import type { KeelDb } from "../store/db.ts";
import {
  type CandidateRow,
  indexSize,
  recentCandidates,
  searchCandidates,
  termDocCounts,
} from "../store/memory-search.ts";
import { MEMORY_KINDS, MEMORY_LIMITS, type MemoryKind, type MemoryResult, memFail, memOk } from "./model.ts";
import type { MemoryDeps } from "./policy.ts";
import { iso, splitTags } from "./rows.ts";
import { stem, tokenize } from "./stem.ts";
import { validateQuery } from "./validate.ts";

/** BM25 weights for title, tags and body. */
export const FIELD_WEIGHTS: [number, number, number] = [4, 3, 1];
/** A brand-new record scores up to this fraction higher than an old one with the same text score. */
export const RECENCY_WEIGHT = 0.1;
export const RECENCY_HALF_LIFE_MS = 30 * 24 * 60 * 60 * 1000;
/** Hits covering less of the query than this are reported as weak matches. */
export const CONFIDENT_RELEVANCE = 0.5;

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "me my of on or our should so than that the their them then there these they this to us was we were what " +
    "when where which who whom why will with would you your about any all also just not no only use used uses"
  ).split(" "),
);

export interface SearchInput {
  query: string;
  kinds?: MemoryKind[];
  includeSuperseded?: boolean;
  /** "records" (user and agent, the default) or "derived" (indexed from compactions). */
  source?: "records" | "derived";
  limit?: number;
}

export interface SearchHit {
  id: string;
  title: string;
  kind: string;
  category: string;
  status: string;
  origin: string;
  tags: string[];
  pinned: boolean;
  expiresAt: string | null;
  supersededBy: string | null;
  sessionId: string | null;
  branchId: string | null;
  updatedAt: string;
  score: number;
  /** 0–1: the IDF-weighted share of the query's terms this record contains. */
  relevance: number;
  excerpt: string;
}

export interface SearchOutcome {
  terms: string[];
  results: SearchHit[];
  /** True when the top hit covers at least CONFIDENT_RELEVANCE of the query. */
  confident: boolean;
}

/** The distinct search terms of a query: stop words are dropped unless nothing else is left. */
export function queryTerms(query: string): string[] {
  const tokens = [...new Set(tokenize(query))];
  const content = tokens.filter((t) => !STOP_WORDS.has(t));
  return (content.length > 0 ? content : tokens).slice(0, 24);
}

/** An FTS5 MATCH expression that can hold no operator: every term is quoted. */
export function matchExpression(terms: string[]): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(" OR ");
}

export function recencyFactor(updatedAt: number, now: number): number {
  const age = Math.max(0, now - updatedAt);
  return 1 + RECENCY_WEIGHT * 2 ** (-age / RECENCY_HALF_LIFE_MS);
}

/** BM25-style inverse document frequency, always positive. */
export function idf(docs: number, total: number): number {
  return Math.log(1 + (total - docs + 0.5) / (docs + 0.5));
}

/** IDF-weighted share of the query stems found among the record's stems. */
export function coverage(queryStems: string[], weights: Map<string, number>, recordText: string): number {
  const have = new Set(tokenize(recordText).map(stem));
  let total = 0;
  let found = 0;
  for (const s of queryStems) {
    const w = weights.get(s) ?? 0;
    total += w;
    if (have.has(s)) found += w;
  }
  return total === 0 ? 0 : found / total;
}

/** Final order: current before superseded, then score, then newest, then id. */
export function compareHits(a: SearchHit, b: SearchHit): number {
  const status = Number(a.status !== "active") - Number(b.status !== "active");
  return status || b.score - a.score || b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id);
}

function checkInput(input: SearchInput): MemoryResult<{ query: string; limit: number }> {
  const query = validateQuery(input.query);
  if (!query.ok) return query;
  const limit = input.limit ?? MEMORY_LIMITS.searchLimitDefault;
  if (!Number.isInteger(limit) || limit < 1 || limit > MEMORY_LIMITS.searchLimitMax)
    return memFail("INVALID_INPUT", `limit must be 1–${MEMORY_LIMITS.searchLimitMax}`, "limit");
  const kinds = input.kinds ?? [];
  if (!kinds.every((k) => MEMORY_KINDS.includes(k)) || new Set(kinds).size !== kinds.length)
    return memFail("INVALID_INPUT", `kinds must be distinct values of ${MEMORY_KINDS.join(", ")}`, "kinds");
  return memOk({ query: query.value, limit });
}

/** Searches one project's memory. An empty query lists the most recently updated records. */
export async function searchMemory(
  deps: MemoryDeps,
  projectId: string,
  input: SearchInput,
): Promise<MemoryResult<SearchOutcome>> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  const { limit } = checked.value;
  const terms = queryTerms(checked.value.query);
  const origins = input.source === "derived" ? ["derived"] : ["user", "agent"];
  const statuses = input.includeSuperseded ? ["active", "superseded", "rejected"] : ["active"];
  const now = deps.clock.now();
  if (terms.length === 0) {
    const rows = await recentCandidates(deps.db, { projectId, origins, statuses, kinds: input.kinds, limit });
    const results = rows.map((r) => toHit(r, 0, 0, r.body.slice(0, 240)));
    return memOk({ terms, results: results.sort(compareHits), confident: false });
  }
  const query = {
    projectId,
    match: matchExpression(terms),
    origins,
    statuses,
    kinds: input.kinds,
    limit: Math.max(30, limit * 3),
    weights: FIELD_WEIGHTS,
  };
  let rows = await searchCandidates(deps.db, query, Math.max(200, limit * 20));
  if (rows.length < query.limit) rows = await searchCandidates(deps.db, query, null);
  const ranked = rows
    .map((r) => toHit(r, -r.bm25 * recencyFactor(r.updatedAt, now), 0, r.excerpt))
    .sort(compareHits)
    .slice(0, limit);
  const weights = await termWeights(deps.db, terms);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stems = [...new Set(terms.map(stem))];
  for (const hit of ranked) {
    const row = byId.get(hit.id)!;
    hit.relevance = round(coverage(stems, weights, `${row.title} ${row.tags} ${row.body}`));
  }
  const confident = (ranked[0]?.relevance ?? 0) >= CONFIDENT_RELEVANCE;
  return memOk({ terms, results: ranked, confident });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function termWeights(db: KeelDb, terms: string[]): Promise<Map<string, number>> {
  const stems = [...new Set(terms.map(stem))];
  const [counts, total] = await Promise.all([termDocCounts(db, stems), indexSize(db)]);
  return new Map(stems.map((s) => [s, idf(counts.get(s) ?? 0, Math.max(total, 1))]));
}

function toHit(r: CandidateRow, score: number, relevance: number, excerpt: string): SearchHit {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    category: r.category,
    status: r.status,
    origin: r.origin,
    tags: splitTags(r.tags),
    pinned: Boolean(r.pinned),
    expiresAt: iso(r.expiresAt),
    supersededBy: r.supersededBy,
    sessionId: r.sessionId,
    branchId: r.branchId,
    updatedAt: new Date(r.updatedAt).toISOString(),
    score: round(score),
    relevance,
    excerpt,
  };
}
