// The Compactions table: each compaction keel recorded, newest first, linked to its session row.
/** @jsxImportSource hono/jsx */
import type { OverviewCompaction } from "../../../overview/overview-data.ts";
import { formatCount, sessionAnchor, shortId } from "./format.ts";
import { When } from "./when.tsx";

export function CompactionsTable(props: { compactions: OverviewCompaction[] }) {
  return (
    <table class="data">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Project</th>
          <th scope="col">Session</th>
          <th scope="col">Strategy</th>
          <th scope="col">Reason</th>
          <th scope="col" class="num">
            Tokens before
          </th>
          <th scope="col" class="num">
            Summary chars
          </th>
        </tr>
      </thead>
      <tbody>
        {props.compactions.map((c) => (
          <tr data-entry-id={c.entryId} data-session-id={c.sessionId} data-compaction-id={String(c.id)}>
            <td>
              <When at={c.createdAt} />
            </td>
            <td>{c.projectName ?? <span class="muted">unknown</span>}</td>
            <td>
              <SessionLink compaction={c} />
            </td>
            <td>
              <span class={`tag strategy-${c.strategy}`}>{c.strategy}</span>
            </td>
            <td>{c.reason}</td>
            <td class="num">{formatCount(c.tokensBefore)}</td>
            <td class="num">{formatCount(c.summaryChars)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SessionLink(props: { compaction: OverviewCompaction }) {
  const c = props.compaction;
  const label = <code class="id">{shortId(c.sessionId)}</code>;
  if (c.sessionPath === null) {
    return (
      <span title={`${c.sessionId}: no session file found`}>
        {label} <span class="muted">no file</span>
      </span>
    );
  }
  return (
    <span>
      <a href={`#${sessionAnchor(c.sessionId)}`} title={c.sessionPath}>
        {label}
      </a>
      {c.entryInFile === false ? <span class="warning-text"> entry not in file</span> : null}
    </span>
  );
}
