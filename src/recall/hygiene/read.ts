// keel_context read and search: a bounded page of one source by ref, and a bounded literal search across the
// branch's sources. The full text is scrubbed before it is paged or searched, so a secret can never be pieced
// together from two pages. Artifacts are served only after their size and hash check out.

import { oneLine } from "../../core/one-line.ts";
import type { Result } from "../../core/result.ts";
import { scrubSecrets } from "../../core/secrets.ts";
import type { BranchScan } from "./branch-scan.ts";
import { parseRef } from "./marker.ts";
import { type ArtifactLoader, branchSources, findSource, type Source } from "./sources.ts";

export const READ_DEFAULT_CHARS = 4096;
export const READ_MAX_CHARS = 16_384;
export const SEARCH_MAX_SOURCES = 32;
export const SEARCH_MAX_CHARS = 4 * 1024 * 1024;
export const SEARCH_MAX_MATCHES = 10;
/** Wall-clock budget of one search page; past it the page ends and its cursor resumes at the next source. */
export const SEARCH_BUDGET_MS = 1000;
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

export async function searchSources(
  scan: BranchScan,
  params: { query: string; cursor?: number },
  load: ArtifactLoader,
): Promise<Result<SearchPage>> {
  const query = params.query.toLowerCase();
  if (query.trim() === "") return { ok: false, reason: "the query is empty" };
  const sources = branchSources(scan);
  const page: SearchPage = { matches: [], searchedSources: 0, nextCursor: null, problems: [] };
  let chars = 0;
  let i = Math.max(0, Math.floor(params.cursor ?? 0));
  const deadline = Date.now() + SEARCH_BUDGET_MS;
  for (; i < sources.length && page.searchedSources < SEARCH_MAX_SOURCES; i++) {
    if (page.matches.length >= SEARCH_MAX_MATCHES || chars >= SEARCH_MAX_CHARS) break;
    if (page.searchedSources > 0 && Date.now() > deadline) {
      page.problems.push(`stopped at the time budget (${SEARCH_BUDGET_MS} ms); continue with nextCursor`);
      break;
    }
    // Each source is one bounded step; yielding between steps keeps pi's thread answering.
    await new Promise((resolve) => setImmediate(resolve));
    const source = sources[i]!;
    const text = await fullText(source, load);
    page.searchedSources++;
    if (!text.ok) {
      page.problems.push(text.reason);
      continue;
    }
    const scrubbed = scrubSecrets(text.value).text;
    chars += scrubbed.length;
    const at = scrubbed.toLowerCase().indexOf(query);
    if (at === -1) continue;
    const from = Math.max(0, at - SNIPPET);
    const snippet = oneLine(scrubbed.slice(from, at + query.length + SNIPPET), 2 * SNIPPET + 500);
    const trimmed = source.kind === "entry" && source.trimmed;
    page.matches.push({ ref: source.ref, label: source.label, trimmed, offset: at, snippet });
  }
  page.nextCursor = i < sources.length ? i : null;
  return { ok: true, value: page };
}
