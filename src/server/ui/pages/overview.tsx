// The overview page: projects, pi sessions and recorded compactions in one server-rendered document.
/** @jsxImportSource hono/jsx */

import type { OverviewData } from "../../../overview/overview-data.ts";
import { CompactionsTable } from "../components/compactions-table.tsx";
import { Layout, Section } from "../components/layout.tsx";
import { ProjectsTable } from "../components/projects-table.tsx";
import { SessionsTable } from "../components/sessions-table.tsx";

export function OverviewPage(props: { data: OverviewData }) {
  const d = props.data;
  const nav = [
    { href: "#projects", label: "Projects", count: d.projects.length },
    { href: "#sessions", label: "Sessions", count: d.sessions.length },
    { href: "#compactions", label: "Compactions", count: d.compactionTotal },
  ];
  return (
    <Layout title="keel overview" version={d.version} store={d.store} generatedAt={d.generatedAt} nav={nav}>
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
        note={<SearchedFolders roots={d.sessionRoots} />}
        empty={
          <>
            No pi session files found. They appear here once pi has run; if pi writes them elsewhere, start
            the UI with <code>keel ui --session-dir &lt;dir&gt;</code>.
          </>
        }
      >
        <SessionsTable sessions={d.sessions} />
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
export async function renderOverviewPage(data: OverviewData): Promise<string> {
  const page = await (<OverviewPage data={data} />);
  return `<!doctype html>${await page.toString()}`;
}
