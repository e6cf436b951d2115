// The storage page: keel's spilled tool outputs (read-only), newest first, a page of rows at a time: each file with
// the session that wrote it, its size, when it was written and what spilled it, linked to the artifact in full.
/** @jsxImportSource hono/jsx */
import { STORAGE_PAGE, type StorageRow, type StorageView } from "../../../overview/storage-view.ts";
import { formatBytes, formatCount, shortId } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { When } from "../components/when.tsx";

export function StoragePage(props: { frame: PageFrame; view: StorageView }) {
  const v = props.view;
  const shown = v.rows.length;
  return (
    <Layout {...props.frame} title="keel storage">
      <p class="note">
        Large search and listing outputs keel spilled to files when spill was on (
        <code>/keel trim spill on</code>
        ), kept under <code class="path">{v.root}</code>. Read-only: nothing here deletes a file.
      </p>
      <p class="note" data-testid="storage-totals">
        {formatCount(v.totalFiles)} {v.totalFiles === 1 ? "file" : "files"}, {formatBytes(v.totalBytes)}.
        {shown > 0
          ? ` Showing ${formatCount(v.offset + 1)}–${formatCount(v.offset + shown)}, newest first.`
          : ""}
        {v.offset > 0 ? (
          <a href={`/storage?offset=${Math.max(0, v.offset - STORAGE_PAGE)}`}> Previous</a>
        ) : null}
        {v.offset + STORAGE_PAGE < v.totalFiles ? (
          <a href={`/storage?offset=${v.offset + STORAGE_PAGE}`}> Next</a>
        ) : null}
      </p>
      {v.problems.map((problem) => (
        <p class="note warning">{problem}</p>
      ))}
      {shown === 0 ? (
        <p class="empty" data-testid="storage-empty">
          {v.exists
            ? "No spilled outputs are stored."
            : "Nothing was ever spilled: the artifact folder does not exist."}
        </p>
      ) : (
        <div class="table-wrap" tabindex={0}>
          <ArtifactsTable rows={v.rows} />
        </div>
      )}
    </Layout>
  );
}

function ArtifactsTable(props: { rows: StorageRow[] }) {
  return (
    <table class="data" data-testid="artifacts">
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Session</th>
          <th scope="col" class="num">
            Size
          </th>
          <th scope="col">Written</th>
          <th scope="col">Spilled by</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <ArtifactRow row={row} />
        ))}
      </tbody>
    </table>
  );
}

function ArtifactRow(props: { row: StorageRow }) {
  const r = props.row;
  const label = r.sha256 ? `${r.sha256.slice(0, 12)}…` : r.name;
  return (
    <tr data-artifact={r.name}>
      <td>
        {r.sha256 && r.status === "unchecked" ? (
          <a href={`/storage/${encodeURIComponent(r.origin)}/${r.sha256}`} title={r.name}>
            <code class="id">{label}</code>
          </a>
        ) : (
          <code class="id" title={r.name}>
            {label}
          </code>
        )}
        {r.status === "unchecked" ? null : <div class="muted">{r.status.replaceAll("-", " ")}</div>}
      </td>
      <td>
        {r.sessionKey ? (
          <a href={`/sessions/${encodeURIComponent(r.sessionKey)}`} aria-label={`session ${r.origin}`}>
            <code class="id">{shortId(r.origin)}</code>
          </a>
        ) : (
          <code class="id" title={r.origin}>
            {shortId(r.origin)}
          </code>
        )}
        {r.originStatus === "live" ? null : <div class="muted">session file not found</div>}
      </td>
      <td class="num">{formatBytes(r.bytes)}</td>
      <td>
        <When at={r.createdAt} />
      </td>
      <td>{r.spilledBy ? <SpilledBy row={r} /> : <span class="muted">not found in its session</span>}</td>
    </tr>
  );
}

function SpilledBy(props: { row: StorageRow }) {
  const spill = props.row.spilledBy;
  if (!spill) return null;
  const key = props.row.sessionKey;
  return (
    <span>
      <code class="path">{spill.source || spill.tool}</code>
      {key ? (
        <>
          {" "}
          <a href={`/sessions/${encodeURIComponent(key)}/entries/${encodeURIComponent(spill.entryId)}`}>
            entry {spill.entryId}
          </a>
        </>
      ) : null}
    </span>
  );
}
