// The Projects table: every project keel has seen, with its root and how many compactions it recorded.
/** @jsxImportSource hono/jsx */
import type { OverviewProject } from "../../../overview/overview-data.ts";
import { formatCount, shortId } from "./format.ts";
import { When } from "./when.tsx";

export function ProjectsTable(props: { projects: OverviewProject[] }) {
  return (
    <table class="data">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Root</th>
          <th scope="col">Identity</th>
          <th scope="col">Last seen</th>
          <th scope="col" class="num">
            Compactions
          </th>
          <th scope="col">Pages</th>
        </tr>
      </thead>
      <tbody>
        {props.projects.map((p) => (
          <tr data-project-id={p.id}>
            <td>
              <strong>{p.name}</strong>
            </td>
            <td>
              <code class="path">{p.root}</code>
            </td>
            <td>
              <span class="tag" title={p.id}>
                {p.identitySource} · {shortId(p.id, 12)}
              </span>
            </td>
            <td>
              <When at={p.lastSeenAt} />
            </td>
            <td class="num">{formatCount(p.compactions)}</td>
            <td>
              <a href={`/projects/${p.id}/memory`}>memory</a> · <a href={`/projects/${p.id}/guard`}>guard</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
