// The guard page of one project: the effective contract by layer, the journal with the owner's entries apart
// from the agent's, evidence runs and their freshness, open loops and the current diff's scope.
/** @jsxImportSource hono/jsx */

import { layerOf } from "../../../guard/contract/layers.ts";
import type { JournalRow } from "../../../guard/journal.ts";
import type { GuardView } from "../../../overview/guard-view.ts";
import { formatCount } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { When } from "../components/when.tsx";

export function GuardPage(props: { frame: PageFrame; view: GuardView }) {
  const v = props.view;
  return (
    <Layout
      {...props.frame}
      title={`keel guard: ${v.project.name}`}
      nav={[
        { href: "#contract", label: "Contract", count: v.contract.rules.length },
        { href: "#journal", label: "Journal", count: v.journal.owner.length + v.journal.agent.length },
        { href: "#evidence", label: "Evidence", count: v.evidence.length },
        { href: "#loops", label: "Loops", count: v.loops.length },
        { href: "#scope", label: "Scope" },
        { href: `/projects/${v.project.id}/memory`, label: "Memory" },
      ]}
    >
      <Contract view={v} />
      <section id="journal" aria-labelledby="journal-title">
        <h2 id="journal-title">Journal</h2>
        <Journal title="Trusted (written by you)" rows={v.journal.owner} testid="journal-owner" />
        <Journal title="Agent notes (untrusted)" rows={v.journal.agent} testid="journal-agent" />
      </section>
      <Evidence view={v} />
      <section id="loops" aria-labelledby="loops-title">
        <h2 id="loops-title">
          Loops <span class="count">{v.loops.length}</span>
        </h2>
        {v.loops.length === 0 ? (
          <p class="empty">No command is failing over and over.</p>
        ) : (
          <ul data-testid="loops">
            {v.loops.map((l) => (
              <li>
                <code>{l.command}</code> failed {l.failures} times in a row (session {l.session})
                {l.refusals > 0 ? ` · refused ${l.refusals}× by the loop brake` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section id="scope" aria-labelledby="scope-title">
        <h2 id="scope-title">Scope of the current diff</h2>
        {v.scope.ok ? (
          <p class="note" data-testid="scope">
            {v.scope.value.files} files changed (+{formatCount(v.scope.value.added)} −
            {formatCount(v.scope.value.removed)}) against {v.scope.value.baseline.slice(0, 10)}: verdict{" "}
            <span class={`tag verdict-${v.scope.value.verdict}`}>{v.scope.value.verdict}</span>
          </p>
        ) : (
          <p class="empty" data-testid="scope">
            {v.scope.reason}
          </p>
        )}
      </section>
    </Layout>
  );
}

function Journal(props: { title: string; rows: JournalRow[]; testid: string }) {
  return (
    <div data-testid={props.testid}>
      <h3>
        {props.title} <span class="count">{props.rows.length}</span>
      </h3>
      {props.rows.length === 0 ? (
        <p class="empty">Nothing yet.</p>
      ) : (
        <ol class="results">
          {props.rows.map((j) => (
            <li>
              <span class="tag">{j.type}</span> <strong>#{j.number}</strong> {j.text}{" "}
              <When at={j.createdAt} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Evidence(props: { view: GuardView }) {
  const rows = props.view.evidence;
  return (
    <section id="evidence" aria-labelledby="evidence-title">
      <h2 id="evidence-title">
        Evidence <span class="count">{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <p class="empty">No evidence yet: `keel verify` or the keel_verify tool records one run each.</p>
      ) : (
        <div class="table-wrap" tabindex={0}>
          <table class="data" aria-label="evidence runs">
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Command</th>
                <th scope="col">Exit</th>
                <th scope="col">Freshness</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr data-evidence={e.number}>
                  <td>#{e.number}</td>
                  <td>
                    <code>{e.command}</code>
                  </td>
                  <td>{e.timedOut ? "timed out" : (e.exitCode ?? e.signal ?? "—")}</td>
                  <td>
                    <span class={`tag freshness-${e.freshness}`}>{e.freshness}</span>
                  </td>
                  <td>
                    <When at={e.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Contract(props: { view: GuardView }) {
  const v = props.view;
  return (
    <section id="contract" aria-labelledby="contract-title">
      <h2 id="contract-title">
        Effective contract <span class="count">{v.contract.rules.length}</span>
      </h2>
      {v.contract.problems.map((p) => (
        <p class="warning-text">{p}</p>
      ))}
      <div class="table-wrap" tabindex={0}>
        <table class="data" aria-label="contract rules">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Layer</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {v.contract.rules.map((r) => (
              <tr data-rule-id={r.id}>
                <td>
                  <code>{r.id}</code>
                </td>
                <td>
                  <span class={`tag layer-${r.origin}`}>{layerOf(r)}</span>
                </td>
                <td>{r.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
