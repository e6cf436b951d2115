// The session page: the file's facts, then one of two views (the conversation of the current branch by default,
// the raw-entries timeline with search and paging for debugging), its compactions (each linked to its compaction
// view) and the protected items of the current branch with every verification.
/** @jsxImportSource hono/jsx */
import type { BranchChoices } from "../../../overview/branch-choices.ts";
import type { ConversationView } from "../../../overview/conversation-view.ts";
import type { SessionView, TimelineEntry } from "../../../overview/session-view.ts";
import { TIMELINE_PAGE } from "../../../overview/session-view.ts";
import { BranchPicker } from "../components/branch-picker.tsx";
import { Conversation, SessionTabs, withLeaf } from "../components/conversation.tsx";
import { Fact } from "../components/fact.tsx";
import { formatBytes, formatCount, shortId } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { ProtectedItems } from "../components/protected-items.tsx";
import { TokensAfterFigure } from "../components/tokens-after.tsx";
import { When } from "../components/when.tsx";

export function SessionPage(props: {
  frame: PageFrame;
  view: SessionView;
  routeKey?: string;
  /** Set for the conversation view; absent, the page shows the raw-entries timeline. */
  conversation?: ConversationView;
  /** The session's leaves to pick from, and the picked one (absent: pi's current leaf). */
  branches?: BranchChoices;
  leaf?: string;
}) {
  const v = props.view;
  const c = props.conversation;
  const id = v.file.sessionId ?? "";
  const base = `/sessions/${encodeURIComponent(props.routeKey ?? id)}`;
  return (
    <Layout
      {...props.frame}
      title={`keel session ${shortId(id)}`}
      scripts={["live.js"]}
      nav={[
        c
          ? { href: "#conversation", label: "Conversation", count: c.total }
          : { href: "#timeline", label: "Timeline", count: v.timeline.total },
        { href: "#compactions", label: "Compactions", count: v.compactions.length },
        { href: "#protected", label: "Protected items", count: v.protect.items.length },
      ]}
    >
      <div data-live-url={`/api${base}/version`} data-live-version={v.version} id="live" aria-live="polite">
        <dl class="facts session-facts">
          <Fact label="session" value={<code>{id}</code>} />
          <Fact label="name" value={v.file.name ?? "—"} />
          <Fact label="working directory" value={<code class="path">{v.file.cwd ?? "—"}</code>} />
          <Fact label="file" value={<code class="path">{v.file.path}</code>} />
          <Fact
            label="size"
            value={`${formatBytes(v.file.sizeBytes)}, ${formatCount(v.file.entries)} entries`}
          />
          <Fact label="branches" value={`${v.leaves} leaves, ${v.branchPoints} branch points`} />
          <Fact label="modified" value={<When at={v.file.modifiedAt} />} />
        </dl>
        {v.problems.length > 0 ? (
          <ul class="problems">
            {v.problems.map((p) => (
              <li class="warning">{p}</li>
            ))}
          </ul>
        ) : null}
        <SessionTabs base={base} current={c ? "conversation" : "entries"} leaf={props.leaf} />
        {props.branches ? (
          <BranchPicker base={base} branches={props.branches} shown={v.leafId} entriesTab={!c} />
        ) : null}
        {c ? <Conversation view={c} base={base} leaf={props.leaf} /> : null}
        <Compactions view={v} base={base} />
        <section id="protected" aria-labelledby="protected-title">
          <h2 id="protected-title">
            Protected items <span class="count">{v.protect.items.length}</span>
          </h2>
          {v.protect.warning ? <p class="warning-text">{v.protect.warning}</p> : null}
          <ProtectedItems items={v.protect.items} />
          <Verifications view={v} base={base} />
        </section>
        {c ? null : <Timeline view={v} base={base} leaf={props.leaf} />}
      </div>
    </Layout>
  );
}

function Compactions(props: { view: SessionView; base: string }) {
  const list = props.view.compactions;
  return (
    <section id="compactions" aria-labelledby="compactions-title">
      <h2 id="compactions-title">
        Compactions <span class="count">{list.length}</span>
      </h2>
      {list.length === 0 ? (
        <p class="empty">No compaction in this session yet.</p>
      ) : (
        <div class="table-wrap" tabindex={0}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Entry</th>
                <th scope="col">Strategy</th>
                <th scope="col" class="num">
                  Tokens before
                </th>
                <th scope="col" class="num">
                  Tokens after
                </th>
                <th scope="col">Verification</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr data-compaction={c.id}>
                  <td>
                    <When at={c.timestamp} />
                  </td>
                  <td>
                    <a href={`${props.base}/compactions/${encodeURIComponent(c.id)}`}>
                      <code class="id">{c.id}</code>
                    </a>
                  </td>
                  <td>
                    <span class={`tag strategy-${c.strategy}`}>{c.strategy}</span>
                  </td>
                  <td class="num">{formatCount(c.tokensBefore)}</td>
                  <td class="num">
                    <TokensAfterFigure after={c.tokensAfter} before={c.tokensBefore} />
                  </td>
                  <td>
                    {c.verification
                      ? `${c.verification.preserved} preserved, ${c.verification.lost} lost, ${c.verification.recoveredIds.length} restored`
                      : "not verified"}
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

function Verifications(props: { view: SessionView; base: string }) {
  const list = props.view.protect.verifications;
  if (list.length === 0) return <p class="empty">No verification recorded in this session.</p>;
  return (
    <div class="table-wrap" tabindex={0}>
      <table class="data" aria-label="verifications">
        <thead>
          <tr>
            <th scope="col">Verified at</th>
            <th scope="col">Compaction</th>
            <th scope="col" class="num">
              Preserved
            </th>
            <th scope="col" class="num">
              Lost
            </th>
            <th scope="col">Restored</th>
          </tr>
        </thead>
        <tbody>
          {list.map((v) => (
            <tr>
              <td>
                <When at={v.at} />
              </td>
              <td>
                <a href={`${props.base}/compactions/${encodeURIComponent(v.compactionId)}`}>
                  <code class="id">{v.compactionId}</code>
                </a>
              </td>
              <td class="num">{v.preserved}</td>
              <td class="num">{v.lost}</td>
              <td>{v.recoveredIds.length > 0 ? v.recoveredIds.join(", ") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Timeline(props: { view: SessionView; base: string; leaf?: string }) {
  const t = props.view.timeline;
  const page = (offset: number) =>
    `${props.base}${withLeaf({ view: "entries", ...(t.query ? { q: t.query } : {}), offset: String(offset) }, props.leaf)}#timeline`;
  return (
    <section id="timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">
        Timeline <span class="count">{t.total}</span>
      </h2>
      <form method="get" action={props.base} class="search">
        <label for="timeline-q">Search this session</label>
        <input type="hidden" name="view" value="entries" />
        {props.leaf ? <input type="hidden" name="leaf" value={props.leaf} /> : null}
        <input id="timeline-q" name="q" type="search" value={t.query} maxlength={200} />
        <button type="submit">Search</button>
      </form>
      {t.note ? (
        <p class="note" role="status">
          {t.note}
        </p>
      ) : null}
      <p class="note">
        Entries {t.total === 0 ? 0 : t.offset + 1}–{Math.min(t.offset + TIMELINE_PAGE, t.total)} of {t.total},
        in file order; entries off the current branch are marked.
        {t.offset > 0 ? <a href={page(Math.max(0, t.offset - TIMELINE_PAGE))}> Previous</a> : null}
        {t.offset + TIMELINE_PAGE < t.total ? <a href={page(t.offset + TIMELINE_PAGE)}> Next</a> : null}
      </p>
      <ol class="timeline">
        {t.entries.map((e) => (
          <TimelineRow entry={e} base={props.base} />
        ))}
      </ol>
    </section>
  );
}

function TimelineRow(props: { entry: TimelineEntry; base: string }) {
  const e = props.entry;
  if (e.compaction) {
    return (
      <li class="boundary" id={`entry-${e.id}`} data-entry-id={e.id}>
        <a href={`${props.base}/compactions/${encodeURIComponent(e.id)}`}>
          Compaction {e.id} ({e.compaction.strategy}, {formatCount(e.compaction.tokensBefore)} tokens before)
        </a>
      </li>
    );
  }
  return (
    <li
      class={`entry role-${e.role}${e.onBranch ? "" : " off-branch"}`}
      id={`entry-${e.id}`}
      data-entry-id={e.id}
    >
      <span class="role tag">{e.role}</span>
      {e.detail ? <span class="muted"> {e.detail}</span> : null}
      {e.onBranch ? null : <span class="tag">other branch</span>} <When at={e.timestamp} />
      <p class="preview">{e.preview || <span class="muted">(no text)</span>}</p>
    </li>
  );
}
