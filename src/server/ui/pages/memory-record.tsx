// One memory record: its text, kind, tags, provenance, links, backlinks and supersession chain, with the pin,
// unpin and supersede forms (each needs its confirmation box ticked; the demo shows none of them).
/** @jsxImportSource hono/jsx */
import type { ReadOutcome } from "../../../memory/records.ts";
import type { ProjectRow } from "../../../project/open.ts";
import { CsrfField } from "../components/csrf-field.tsx";
import { Fact } from "../components/fact.tsx";
import { formatTime } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { When } from "../components/when.tsx";

export interface MemoryRecordProps {
  frame: PageFrame;
  project: ProjectRow;
  read: ReadOutcome;
  csrf: string;
  readOnly: boolean;
  notice: string | null;
}

export function MemoryRecordPage(props: MemoryRecordProps) {
  const r = props.read.record;
  const base = `/projects/${props.project.id}/memory`;
  const link = (id: string) => <a href={`${base}/${id}`}>{id}</a>;
  return (
    <Layout
      {...props.frame}
      title={`keel memory: ${r.title}`}
      nav={[{ href: base, label: `Memory of ${props.project.name}` }]}
    >
      {props.notice ? (
        <p class="notice" role="status">
          Done: {props.notice}
        </p>
      ) : null}
      <dl class="facts session-facts" data-testid="record-facts">
        <Fact label="id" value={<code>{r.id}</code>} />
        <Fact label="kind" value={`${r.kind} · ${r.category}`} />
        <Fact label="status" value={<span data-testid="record-status">{r.status}</span>} />
        <Fact label="pinned" value={<span data-testid="record-pinned">{r.pinned ? "yes" : "no"}</span>} />
        <Fact label="origin" value={r.origin} />
        <Fact label="updated" value={<When at={r.updatedAt} />} />
        <Fact label="expires" value={r.expiresAt ? formatTime(r.expiresAt) : "never"} />
        <Fact label="tags" value={r.tags.length > 0 ? r.tags.join(", ") : "—"} />
      </dl>
      <section aria-labelledby="body-title">
        <h2 id="body-title">Text</h2>
        <pre class="summary" tabindex={0}>
          {r.body}
        </pre>
      </section>
      <section aria-labelledby="links-title">
        <h2 id="links-title">Links and history</h2>
        <ul class="plain" data-testid="record-links">
          <li>Links to: {r.links.length > 0 ? r.links.map(link) : "none"}</li>
          <li>
            Linked from: {props.read.backlinks.length > 0 ? props.read.backlinks.map(link) : "none"}
            {props.read.backlinksTruncated ? " …" : null}
          </li>
          <li>Replaces: {props.read.supersedes.length > 0 ? props.read.supersedes.map(link) : "nothing"}</li>
          <li data-testid="superseded-by">
            Replaced by: {props.read.supersededBy.length > 0 ? props.read.supersededBy.map(link) : "nothing"}
          </li>
          <li>
            Provenance:{" "}
            {r.provenance.length > 0
              ? r.provenance
                  .map((p) => `session ${p.sessionId ?? "—"} at ${p.head?.slice(0, 10) ?? "—"}`)
                  .join("; ")
              : "—"}
          </li>
        </ul>
      </section>
      {props.readOnly || r.origin === "derived" ? null : <Actions {...props} base={base} />}
    </Layout>
  );
}

function Actions(props: MemoryRecordProps & { base: string }) {
  const r = props.read.record;
  const action = `${props.base}/${r.id}`;
  return (
    <section id="actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Change this record</h2>
      <form method="post" action={`${action}/retention`} class="stack" data-testid="pin-form">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="pinned" value={r.pinned ? "false" : "true"} />
        <label class="confirm">
          <input type="checkbox" name="confirm" value="yes" required />{" "}
          {r.pinned
            ? "Unpin it: cleanup may then remove it once it expires"
            : "Pin it: cleanup never removes it"}
        </label>
        <button type="submit">{r.pinned ? "Unpin" : "Pin"}</button>
      </form>
      {r.status === "active" ? (
        <form method="post" action={`${action}/supersede`} class="stack" data-testid="supersede-form">
          <CsrfField token={props.csrf} />
          <label for="supersede-by">Replaced by (id of an active record)</label>
          <input id="supersede-by" name="by" required maxlength={64} pattern="[A-Za-z0-9_-]+" />
          <label class="confirm">
            <input type="checkbox" name="confirm" value="yes" required /> Mark this record superseded
          </label>
          <button type="submit">Supersede</button>
        </form>
      ) : null}
    </section>
  );
}
