// The memory page of one project: status, search with kind/tag/status filters, the results linked to their
// record views, a form to record a new memory (with confirmation), and the cleanup plan as a preview.
/** @jsxImportSource hono/jsx */
import { MEMORY_CATEGORIES, MEMORY_KINDS, MEMORY_LIMITS, type MemoryKind } from "../../../memory/model.ts";
import type { CleanupPlan } from "../../../memory/retention.ts";
import type { SearchHit } from "../../../memory/search.ts";
import type { MemoryStatus } from "../../../memory/status.ts";
import type { ProjectRow } from "../../../project/open.ts";
import { CsrfField } from "../components/csrf-field.tsx";
import { formatBytes } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { When } from "../components/when.tsx";

export interface MemoryFilters {
  q: string;
  kind: MemoryKind | null;
  tag: string | null;
  status: "active" | "superseded" | "all";
}

export interface MemoryPageProps {
  frame: PageFrame;
  project: ProjectRow;
  filters: MemoryFilters;
  results: SearchHit[];
  error: string | null;
  status: MemoryStatus;
  plan: CleanupPlan | null;
  csrf: string;
  readOnly: boolean;
  notice: string | null;
}

export function MemoryPage(props: MemoryPageProps) {
  const base = `/projects/${props.project.id}/memory`;
  const s = props.status;
  return (
    <Layout
      {...props.frame}
      title={`keel memory: ${props.project.name}`}
      nav={[
        { href: "#search", label: "Search", count: props.results.length },
        { href: "#record", label: "Record" },
        { href: "#cleanup", label: "Cleanup plan" },
        { href: `/projects/${props.project.id}/guard`, label: "Guard" },
      ]}
    >
      {props.notice ? (
        <p class="notice" role="status">
          Done: {props.notice}
        </p>
      ) : null}
      <p class="note" data-testid="memory-status">
        {s.records} records ({formatBytes(s.bytes)} of {formatBytes(s.limitBytes)}), {s.pinnedRecords} pinned,{" "}
        {s.derivedRecords} indexed facts, {s.obsoleteRecords} obsolete; cleanup mode {s.cleanupMode}.
      </p>
      <SearchSection {...props} base={base} />
      {props.readOnly ? null : <RecordForm base={base} csrf={props.csrf} />}
      <CleanupPreview plan={props.plan} base={base} />
    </Layout>
  );
}

function RecordForm(props: { base: string; csrf: string }) {
  return (
    <section id="record" aria-labelledby="record-title">
      <h2 id="record-title">Record a memory</h2>
      <form method="post" action={props.base} class="stack">
        <CsrfField token={props.csrf} />
        <label for="record-title-input">Title</label>
        <input id="record-title-input" name="title" required maxlength={MEMORY_LIMITS.titleChars} />
        <label for="record-body">Body</label>
        <textarea id="record-body" name="body" required rows={4} maxlength={MEMORY_LIMITS.bodyBytes} />
        <label for="record-kind">Kind</label>
        <select id="record-kind" name="kind">
          {MEMORY_KINDS.map((k) => (
            <option value={k} selected={k === "note"}>
              {k}
            </option>
          ))}
        </select>
        <label for="record-category">Category</label>
        <select id="record-category" name="category">
          {MEMORY_CATEGORIES.map((k) => (
            <option value={k} selected={k === "other"}>
              {k}
            </option>
          ))}
        </select>
        <label for="record-tags">Tags (comma separated)</label>
        <input id="record-tags" name="tags" maxlength={400} />
        <label class="confirm">
          <input type="checkbox" name="confirm" value="yes" required /> I want to store this in the project's
          memory
        </label>
        <button type="submit">Record</button>
      </form>
    </section>
  );
}

function CleanupPreview(props: { plan: CleanupPlan | null; base: string }) {
  const plan = props.plan;
  return (
    <section id="cleanup" aria-labelledby="cleanup-title">
      <h2 id="cleanup-title">Cleanup plan (preview)</h2>
      {!plan ? (
        <p class="empty">The cleanup plan could not be made.</p>
      ) : plan.obsolete.length === 0 ? (
        <p class="empty" data-testid="cleanup-empty">
          Nothing to clean up: no expired or superseded record ({formatBytes(plan.usedBytes)} of{" "}
          {formatBytes(plan.limitBytes)} used).
        </p>
      ) : (
        <>
          <p class="note">
            Cleanup would remove {plan.obsolete.length} records ({formatBytes(plan.obsoleteBytes)}); apply it
            with <code>keel memory cleanup apply</code>.
          </p>
          <ul data-testid="cleanup-plan">
            {plan.obsolete.map((o) => (
              <li>
                <a href={`${props.base}/${o.id}`}>{o.title}</a> — {o.reason}
                {o.redirectTo ? `, links move to ${o.redirectTo}` : ""}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Why a search hit is listed: its words, its meaning (with the similarity), or both. */
export function matchWhy(hit: SearchHit): string {
  const similarity = hit.similarity === null ? "" : ` (similarity ${hit.similarity.toFixed(2)})`;
  if (hit.match === "meaning") return `matched by meaning${similarity}`;
  if (hit.match === "both") return `matched by words and meaning${similarity}`;
  return `matched by words (covers ${Math.round(hit.relevance * 100)}% of the query)`;
}

function SearchSection(props: MemoryPageProps & { base: string }) {
  const base = props.base;
  return (
    <section id="search" aria-labelledby="search-title">
      <h2 id="search-title">Search</h2>
      <form method="get" action={base} class="search filters">
        <label for="memory-q">Words</label>
        <input id="memory-q" name="q" type="search" value={props.filters.q} maxlength={500} />
        <label for="memory-kind">Kind</label>
        <select id="memory-kind" name="kind">
          <option value="">any</option>
          {MEMORY_KINDS.map((k) => (
            <option value={k} selected={props.filters.kind === k}>
              {k}
            </option>
          ))}
        </select>
        <label for="memory-tag">Tag</label>
        <input id="memory-tag" name="tag" value={props.filters.tag ?? ""} maxlength={64} />
        <label for="memory-status">Status</label>
        <select id="memory-status" name="status">
          {(["active", "superseded", "all"] as const).map((v) => (
            <option value={v} selected={props.filters.status === v}>
              {v}
            </option>
          ))}
        </select>
        <button type="submit">Search</button>
      </form>
      {props.error ? <p class="warning-text">{props.error}</p> : null}
      {props.results.length === 0 ? (
        <p class="empty" data-testid="memory-empty">
          No record matches.
        </p>
      ) : (
        <ol class="results" data-testid="memory-results">
          {props.results.map((hit) => (
            <li data-record-id={hit.id}>
              <a href={`${base}/${hit.id}`}>{hit.title}</a> <span class="tag">{hit.kind}</span>
              {hit.status !== "active" ? <span class="tag">{hit.status}</span> : null}
              {hit.pinned ? <span class="tag">pinned</span> : null}
              {hit.tags.map((t) => (
                <span class="tag muted">#{t}</span>
              ))}{" "}
              <When at={hit.updatedAt} />
              <p class="muted" data-testid="match-why">
                {matchWhy(hit)}
              </p>
              <p class="preview">{hit.excerpt}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
