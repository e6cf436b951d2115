// Ranked memory search: the query becomes an OR of quoted terms (stop words dropped), FTS5 ranks candidates
// with field-weighted BM25, and a small recency factor reorders near ties. Current records come first; superseded
// ones only when asked. Each hit reports how much of the query it covers (IDF-weighted), so callers can tell a
// real answer from a weak lexical echo. User/agent records and derived records are never searched together.
// Cost is bounded by TERM_CAP matches: common terms step aside for rare ones, and a query made only of common
// terms ranks only the newest RECENT_MATCHES records that contain them.
import { ok, problem } from "../core/result.ts";
import type { SqlReader } from "../store/db.ts";
import {
  type CandidateQuery,
  type CandidateRow,
  indexSize,
  newestMatches,
  recentCandidates,
  searchCandidates,
  termHits,
} from "../store/memory-search.ts";
import { ORIGINS } from "../store/schema/origin.ts";
import { rankCommonMatches } from "./common-terms.ts";
import { MEMORY_KINDS, MEMORY_LIMITS, type MemoryKind, type MemoryResult } from "./model.ts";
import type { MemoryDeps } from "./policy.ts";
import { validateQuery } from "./query-check.ts";
import { iso, splitTags } from "./rows.ts";
import { stem, tokenize } from "./stem.ts";

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
  /** Other phrasings of the same question; every phrasing is searched and the answers fused. */
  queries?: string[];
  kinds?: MemoryKind[];
  includeSuperseded?: boolean;
  /** "records" (owner and agent, the default) or "derived" (indexed from compactions). */
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
  /** Why it matched: its words, its meaning (a sentence-embedding neighbour), or both. */
  match: "words" | "meaning" | "both";
  /** Cosine similarity of its meaning to the closest phrasing; null when not compared. */
  similarity: number | null;
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
    return problem("INVALID_INPUT", `limit must be 1–${MEMORY_LIMITS.searchLimitMax}`, "limit");
  const kinds = input.kinds ?? [];
  if (!kinds.every((k) => MEMORY_KINDS.includes(k)) || new Set(kinds).size !== kinds.length)
    return problem("INVALID_INPUT", `kinds must be distinct values of ${MEMORY_KINDS.join(", ")}`, "kinds");
  return ok({ query: query.value, limit });
}

/** Lexical search of one project's memory for one query. An empty query lists the most recently updated records. */
export async function searchWords(
  deps: MemoryDeps,
  projectId: string,
  input: SearchInput,
): Promise<MemoryResult<SearchOutcome>> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  const { limit } = checked.value;
  const terms = queryTerms(checked.value.query);
  const filter = {
    projectId,
    origins: input.source === "derived" ? ["derived"] : [...ORIGINS],
    statuses: input.includeSuperseded ? ["active", "superseded", "rejected"] : ["active"],
    kinds: input.kinds,
  };
  if (terms.length === 0) {
    const rows = await recentCandidates(deps.read, { ...filter, limit });
    const results = rows.map((r) => toHit(r, 0, r.body.slice(0, EXCERPT_CHARS)));
    return ok({ terms, results: results.sort(compareHits), confident: false });
  }
  const hits = new Map<string, number>();
  for (const term of terms) hits.set(term, await termHits(deps.read, matchExpression([term]), TERM_CAP + 1));
  const total = Math.max(await indexSize(deps.read), 1);
  const query = { ...filter, match: "", limit: Math.max(30, limit * 3), weights: FIELD_WEIGHTS };
  const weights = new Map<string, number>();
  for (const [term, n] of hits)
    weights.set(stem(term), Math.max(weights.get(stem(term)) ?? 0, idf(n, total)));
  const rows = await findCandidates(deps.read, query, planMatch(terms, hits), weights);
  const now = deps.clock.now();
  const ranked = rows
    .map((r) => toHit(r, -r.bm25 * recencyFactor(r.updatedAt, now), ""))
    .sort(compareHits)
    .slice(0, limit);
  const stems = [...weights.keys()];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const hit of ranked) {
    const row = byId.get(hit.id)!;
    hit.relevance = round(coverage(stems, weights, `${row.title} ${row.tags} ${row.body}`));
    hit.excerpt = excerpt(row.body, stems);
  }
  const confident = (ranked[0]?.relevance ?? 0) >= CONFIDENT_RELEVANCE;
  return ok({ terms, results: ranked, confident });
}

/** A query made only of common terms ranks just this many of its newest matches (all terms, then any term). */
export const RECENT_MATCHES = 200;
/** Terms in at most this many records are counted exactly and may be matched; commoner ones are "common". */
export const TERM_CAP = 1_000;

export interface MatchPlan {
  /** OR of the selective terms (rarest first, together in at most TERM_CAP records); null when none is. */
  selective: string | null;
  /** AND of every present term, tried when every term is common. */
  conjunction: string | null;
  /** OR of every present term, ranked over its newest RECENT_MATCHES matches only: the last resort. */
  any: string | null;
}

/**
 * Keeps the scan bounded: BM25 costs time per matching record, so common terms (whose IDF is low anyway) are left
 * out of the MATCH when rarer ones exist. Terms that no record holds cannot match and are left out too.
 */
export function planMatch(terms: string[], hits: Map<string, number>): MatchPlan {
  const present = terms.filter((t) => (hits.get(t) ?? 0) > 0).sort((a, b) => hits.get(a)! - hits.get(b)!);
  const chosen: string[] = [];
  let budget = TERM_CAP;
  for (const term of present) {
    const n = hits.get(term)!;
    if (n > budget) break;
    chosen.push(term);
    budget -= n;
  }
  return {
    selective: chosen.length > 0 ? matchExpression(chosen) : null,
    conjunction: present.length > 1 ? present.map((t) => matchExpression([t])).join(" AND ") : null,
    any: present.length > 0 ? matchExpression(present) : null,
  };
}

async function findCandidates(
  read: SqlReader,
  query: CandidateQuery,
  plan: MatchPlan,
  idfByStem: Map<string, number>,
): Promise<CandidateRow[]> {
  if (plan.selective) return searchCandidates(read, { ...query, match: plan.selective });
  if (!plan.any) return [];
  const rank = (rows: CandidateRow[]) =>
    rankCommonMatches(rows, idfByStem, query.weights).slice(0, query.limit);
  let found: CandidateRow[] = [];
  if (plan.conjunction) {
    found = rank(await newestMatches(read, { ...query, match: plan.conjunction }, 0, RECENT_MATCHES));
    if (found.length >= query.limit) return found;
  }
  const recent = rank(await newestMatches(read, { ...query, match: plan.any }, 0, RECENT_MATCHES));
  const seen = new Set(found.map((r) => r.id));
  return [...found, ...recent.filter((r) => !seen.has(r.id))];
}

export const EXCERPT_CHARS = 240;

/** About EXCERPT_CHARS of the body around the first query term it contains. */
export function excerpt(body: string, stems: string[]): string {
  const wanted = new Set(stems);
  let at = -1;
  for (const m of body.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (wanted.has(stem(tokenize(m[0])[0] ?? ""))) {
      at = m.index;
      break;
    }
  }
  const start = Math.max(0, at - 60);
  const text = body
    .slice(start, start + EXCERPT_CHARS)
    .replace(/\s+/g, " ")
    .trim();
  return `${start > 0 ? "…" : ""}${text}${start + EXCERPT_CHARS < body.length ? "…" : ""}`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function toHit(r: CandidateRow, score: number, excerpt: string): SearchHit {
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
    score: Number(score.toPrecision(4)),
    relevance: 0,
    match: "words",
    similarity: null,
    excerpt,
  };
}
