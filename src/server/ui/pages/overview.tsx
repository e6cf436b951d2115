// The overview page: projects, pi sessions and recorded compactions in one server-rendered document.
/** @jsxImportSource hono/jsx */

import type { OverviewData } from "../../../overview/overview-data.ts";
import { CompactionsTable } from "../components/compactions-table.tsx";
import { Layout, Section } from "../components/layout.tsx";
import { ProjectsTable } from "../components/projects-table.tsx";
import { SessionsTable } from "../components/sessions-table.tsx";

/** The overview lists this many sessions, newest first; /sessions pages through all of them. */
export const OVERVIEW_SESSIONS = 50;

export function OverviewPage(props: { data: OverviewData; demo: { inDemo: boolean; demoHref?: string } }) {
  const d = props.data;
  const nav = [
    { href: "#projects", label: "Projects", count: d.projects.length },
    { href: "#sessions", label: "Sessions", count: d.sessions.length },
    { href: "#compactions", label: "Compactions", count: d.compactionTotal },
  ];
  return (
    <Layout
      title="keel overview"
      version={d.version}
      store={d.store}
      generatedAt={d.generatedAt}
      nav={nav}
      {...props.demo}
    >
      {d.projects.length === 0 && d.compactionTotal === 0 && !props.demo.inDemo ? (
        <FirstLook hint={props.demo.demoHref} />
      ) : null}
      <Section
        id="projects"
        title="Projects"
        count={d.projects.length}
        empty={
          <>
            No projects yet: keel registers a project the first time pi runs in it with keel installed (
            <code>keel install</code>).
          </>
        }
      >
        <ProjectsTable projects={d.projects} />
      </Section>
      <Section
        id="sessions"
        title="Sessions"
        count={d.sessions.length}
        note={
          <>
            <SearchedFolders roots={d.sessionRoots} />
            {d.sessions.length > OVERVIEW_SESSIONS ? (
              <>
                {" "}
                Showing the newest {OVERVIEW_SESSIONS}:{" "}
                <a href="/sessions">all {d.sessions.length} sessions</a>.
              </>
            ) : null}
          </>
        }
        empty={
          <>
            No pi session files found. They appear here once pi has run; if pi writes them elsewhere, start
            the UI with <code>keel ui --session-dir &lt;dir&gt;</code>.
          </>
        }
      >
        <SessionsTable sessions={d.sessions.slice(0, OVERVIEW_SESSIONS)} />
      </Section>
      <Section
        id="compactions"
        title="Compactions"
        count={d.compactions.length}
        note={
          d.compactionTotal > d.compactions.length
            ? `Showing the newest ${d.compactions.length} of ${d.compactionTotal}.`
            : undefined
        }
        empty="No compactions yet: keel records one each time pi compacts a session with keel installed."
      >
        <CompactionsTable compactions={d.compactions} />
      </Section>
    </Layout>
  );
}

/** What a newcomer sees on an empty store: what keel records, and the read-only demo that shows it. */
function FirstLook(props: { hint?: string }) {
  return (
    <section class="first-look" aria-labelledby="first-look-title" data-testid="first-look">
      <h2 id="first-look-title">Nothing recorded yet</h2>
      <p>
        keel fills these pages as pi works with it installed: each session's timeline, every compaction with
        the checkpoint it wrote and what happened to the protected items, the project's memory and its guard
        rails.
      </p>
      <p>
        {props.hint?.startsWith("/") ? (
          <a href={props.hint}>Open the read-only demo</a>
        ) : (
          <>
            To see it first on sample sessions that real pi wrote, run{" "}
            <code>{props.hint ?? "keel ui --demo"}</code>.
          </>
        )}
      </p>
    </section>
  );
}

function SearchedFolders(props: { roots: OverviewData["sessionRoots"] }) {
  return (
    <span data-testid="session-roots">
      Searched{" "}
      {props.roots.map((root, index) => (
        <>
          {index > 0 ? ", " : null}
          <code class="path">{root.path}</code>{" "}
          <span class={root.error ? "warning-text" : "muted"}>
            (
            {root.error
              ? root.error
              : root.exists
                ? `${root.files} ${root.files === 1 ? "file" : "files"}`
                : "not found"}
            )
          </span>
        </>
      ))}
    </span>
  );
}

/** The full HTML document for the overview. */
export async function renderOverviewPage(
  data: OverviewData,
  demo: { inDemo: boolean; demoHref?: string },
): Promise<string> {
  const page = await (<OverviewPage data={data} demo={demo} />);
  return `<!doctype html>${await page.toString()}`;
}
