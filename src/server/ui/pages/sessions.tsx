// The session list: every pi session file found, newest first, one page of rows at a time.
/** @jsxImportSource hono/jsx */
import type { OverviewSession } from "../../../overview/overview-data.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { SessionsTable } from "../components/sessions-table.tsx";

export const SESSIONS_PAGE = 100;

export function SessionsPage(props: { frame: PageFrame; sessions: OverviewSession[]; offset: number }) {
  const total = props.sessions.length;
  const offset = Math.min(Math.max(0, props.offset), Math.max(0, total - 1));
  const rows = props.sessions.slice(offset, offset + SESSIONS_PAGE);
  return (
    <Layout {...props.frame} title="keel sessions">
      <p class="note">
        Sessions {total === 0 ? 0 : offset + 1}–{offset + rows.length} of {total}, newest first.
        {offset > 0 ? (
          <a href={`/sessions?offset=${Math.max(0, offset - SESSIONS_PAGE)}`}> Previous</a>
        ) : null}
        {offset + SESSIONS_PAGE < total ? (
          <a href={`/sessions?offset=${offset + SESSIONS_PAGE}`}> Next</a>
        ) : null}
      </p>
      {total === 0 ? (
        <p class="empty">No pi session files found.</p>
      ) : (
        <div class="table-wrap" tabindex={0}>
          <SessionsTable sessions={rows} />
        </div>
      )}
    </Layout>
  );
}
