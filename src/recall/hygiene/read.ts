// keel_context read and search: a bounded page of one source by ref, and a bounded literal search across the
// branch's sources, run by the same search worker and budget as keel_grep. The full text is scrubbed before it
// is paged or searched, so a secret can never be pieced together from two pages. Artifacts are served only after
// their size and hash check out.

import { oneLine } from "../../core/one-line.ts";
import type { Result } from "../../core/result.ts";
import { SEARCH_BUDGET_MS, searchLines } from "../../core/search/search-lines.ts";
import { scrubSecrets } from "../../core/secrets.ts";
import type { BranchScan } from "./branch-scan.ts";
import { parseRef } from "./marker.ts";
import { type ArtifactLoader, branchSources, findSource, type Source } from "./sources.ts";

export const READ_DEFAULT_CHARS = 4096;
export const READ_MAX_CHARS = 16_384;
export const SEARCH_MAX_SOURCES = 32;
export const SEARCH_MAX_CHARS = 4 * 1024 * 1024;
export const SEARCH_MAX_MATCHES = 10;
const SNIPPET = 80;

export interface ReadPage {
  ref: string;
  label: string;
  offset: number;
  end: number;
  total: number;
  nextOffset: number | null;
  text: string;
}

async function fullText(source: Source, load: ArtifactLoader): Promise<Result<string>> {
  if (source.kind === "entry") return { ok: true, value: source.text };
  const loaded = await load(source.record);
  return loaded.ok
    ? { ok: true, value: loaded.value }
    : { ok: false, reason: `artifact ${source.ref}: ${loaded.reason}; not served` };
}

export async function readRef(
  scan: BranchScan,
  params: { ref: string; offset?: number; maxChars?: number },
  load: ArtifactLoader,
): Promise<Result<ReadPage>> {
  if (!parseRef(params.ref))
    return { ok: false, reason: `"${params.ref.slice(0, 80)}" is not a ref (t:<entry id> or a:<sha256>)` };
  const source = findSource(scan, params.ref.trim());
  if (!source)
    return { ok: false, reason: `${params.ref.trim()} is not a tool output or artifact on this branch` };
  const text = await fullText(source, load);
  if (!text.ok) return text;
  const scrubbed = scrubSecrets(text.value).text;
  const max = Math.min(READ_MAX_CHARS, Math.max(1, Math.floor(params.maxChars ?? READ_DEFAULT_CHARS)));
  const offset = Math.min(scrubbed.length, Math.max(0, Math.floor(params.offset ?? 0)));
  const end = Math.min(scrubbed.length, offset + max);
  return {
    ok: true,
    value: {
      ref: source.ref,
      label: source.label,
      offset,
      end,
      total: scrubbed.length,
      nextOffset: end < scrubbed.length ? end : null,
      text: scrubbed.slice(offset, end),
    },
  };
}

export interface SearchMatch {
  ref: string;
  label: string;
  trimmed: boolean;
  offset: number;
  snippet: string;
}

export interface SearchPage {
  matches: SearchMatch[];
  searchedSources: number;
  /** Pass back as `cursor` to search the next sources. */
  nextCursor: number | null;
  problems: string[];
}

/** The page's sources, loaded and scrubbed: at most SEARCH_MAX_SOURCES, stopping once SEARCH_MAX_CHARS are in. */
async function loadPage(sources: readonly Source[], first: number, load: ArtifactLoader) {
  const texts: string[] = [];
  const problems: Array<{ index: number; reason: string }> = [];
  let chars = 0;
  for (
    let i = first;
    i < sources.length && texts.length < SEARCH_MAX_SOURCES && chars < SEARCH_MAX_CHARS;
    i++
  ) {
    // Scrubbing is the one step on this thread; yielding between sources keeps pi's thread answering.
    await new Promise((resolve) => setImmediate(resolve));
    const text = await fullText(sources[i]!, load);
    if (!text.ok) problems.push({ index: texts.length, reason: text.reason });
    const scrubbed = text.ok ? scrubSecrets(text.value).text : "";
    texts.push(scrubbed);
    chars += scrubbed.length;
  }
  return { texts, problems };
}

/**
 * A literal, case-insensitive search across the branch's sources through the one search service (a worker, a
 * linear-time engine, a time budget): a page ends at its match cap, its budget or its size bounds.
 */
export async function searchSources(
  scan: BranchScan,
  params: { query: string; cursor?: number },
  load: ArtifactLoader,
  budgetMs = SEARCH_BUDGET_MS,
): Promise<Result<SearchPage>> {
  if (params.query.trim() === "") return { ok: false, reason: "the query is empty" };
  const sources = branchSources(scan);
  const first = Math.min(sources.length, Math.max(0, Math.floor(params.cursor ?? 0)));
  const { texts, problems } = await loadPage(sources, first, load);
  const found = await searchLines(
    texts,
    { pattern: params.query, literal: true },
    { from: 0, to: texts.length, maxHits: SEARCH_MAX_MATCHES, budgetMs, locate: true },
  );
  if (!found.ok) return found;
  const searched = found.value.next ?? texts.length;
  const page: SearchPage = {
    matches: found.value.hits.map((index, n) =>
      matchIn(sources[first + index]!, texts[index]!, found.value.at![n]!, params.query.length),
    ),
    searchedSources: searched,
    nextCursor: first + searched < sources.length ? first + searched : null,
    problems: problems.filter((p) => p.index < searched).map((p) => p.reason),
  };
  if (found.value.stopped === "budget") {
    const skipped = found.value.skipped === null ? null : sources[first + found.value.skipped]!;
    page.problems.push(
      skipped
        ? `${skipped.ref} alone took the whole time budget (${budgetMs} ms) and was passed over; continue with nextCursor`
        : `stopped at the time budget (${budgetMs} ms); continue with nextCursor`,
    );
  }
  return { ok: true, value: page };
}

function matchIn(source: Source, text: string, at: number, length: number): SearchMatch {
  const from = Math.max(0, at - SNIPPET);
  const snippet = oneLine(text.slice(from, at + length + SNIPPET), 2 * SNIPPET + 500);
  const trimmed = source.kind === "entry" && source.trimmed;
  return { ref: source.ref, label: source.label, trimmed, offset: at, snippet };
}
