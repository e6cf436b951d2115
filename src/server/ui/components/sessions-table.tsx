// The Sessions table: pi's session files as keel read them, with counts, size and any problem found.
/** @jsxImportSource hono/jsx */
import type { OverviewSession } from "../../../overview/overview-data.ts";
import { formatBytes, formatCount, sessionAnchor, shortId } from "./format.ts";
import { When } from "./when.tsx";

export function SessionsTable(props: { sessions: OverviewSession[] }) {
  return (
    <table class="data">
      <thead>
        <tr>
          <th scope="col">Session</th>
          <th scope="col">Working directory</th>
          <th scope="col">Started</th>
          <th scope="col">Modified</th>
          <th scope="col" class="num">
            Entries
          </th>
          <th scope="col" class="num" title="compaction entries in the file / compactions keel recorded">
            Compactions
          </th>
          <th scope="col" class="num">
            Size
          </th>
          <th scope="col">Warnings</th>
        </tr>
      </thead>
      <tbody>
        {props.sessions.map((s) => (
          <SessionRow session={s} />
        ))}
      </tbody>
    </table>
  );
}

function SessionRow(props: { session: OverviewSession }) {
  const s = props.session;
  const problems = [...(s.error ? [s.error] : []), ...s.warnings];
  return (
    <tr
      id={s.sessionId ? sessionAnchor(s.sessionId) : undefined}
      data-session-id={s.sessionId ?? undefined}
      data-session-path={s.path}
      class={s.error ? "row-error" : s.warnings.length > 0 ? "row-warning" : undefined}
    >
      <td>
        {s.routeKey && !s.error ? (
          <a
            href={`/sessions/${encodeURIComponent(s.routeKey)}`}
            aria-label={`session ${s.sessionId} (${baseName(s.path)})`}
          >
            <code class="id">{shortId(s.sessionId)}</code>
          </a>
        ) : (
          <code class="id" title={s.sessionId ?? s.path}>
            {shortId(s.sessionId)}
          </code>
        )}
        {s.name ? <div class="name">{s.name}</div> : null}
        <div class="file" title={s.path}>
          {baseName(s.path)}
        </div>
      </td>
      <td>
        <code class="path">{s.cwd ?? "—"}</code>
      </td>
      <td>
        <When at={s.startedAt} />
      </td>
      <td>
        <When at={s.modifiedAt} />
      </td>
      <td class="num">{formatCount(s.entries)}</td>
      <td class="num" data-testid="session-compactions">
        {formatCount(s.compactionEntryIds.length)}
        <span class="muted"> / {formatCount(s.recordedCompactions)}</span>
      </td>
      <td class="num">{formatBytes(s.sizeBytes)}</td>
      <td class="problems">
        {problems.length === 0 ? (
          <span class="muted">none</span>
        ) : (
          <ul>
            {problems.map((text, index) => (
              <li class={index === 0 && s.error ? "error" : "warning"}>{text}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut === -1 ? path : path.slice(cut + 1);
}
