// The compaction view: tokens before and after, model calls, the protected-item verification (preserved, lost,
// restored), the checkpoint or summary that was written, and a side-by-side of the context before and after.
/** @jsxImportSource hono/jsx */
import type { CompactionView, ListedEntry } from "../../../overview/compaction-view.ts";
import { formatCount, formatTime, shortId } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { ProtectedItems } from "../components/protected-items.tsx";
import { TokensAfterFigure } from "../components/tokens-after.tsx";
import { VerifiedChanges } from "../components/verified-changes.tsx";
import { When } from "../components/when.tsx";

export function CompactionPage(props: { frame: PageFrame; sessionId: string; view: CompactionView }) {
  const v = props.view;
  const sessionHref = `/sessions/${encodeURIComponent(props.sessionId)}`;
  return (
    <Layout
      {...props.frame}
      title={`keel compaction ${v.id}`}
      nav={[
        { href: sessionHref, label: `Session ${shortId(props.sessionId)}` },
        ...(v.verified ? [{ href: "#verified", label: "Summary changes" }] : []),
        { href: "#verification", label: "Verification" },
        { href: "#summary", label: "Checkpoint" },
        { href: "#context", label: "Before / after" },
      ]}
    >
      <CompactionFacts view={v} />
      {v.verified ? <VerifiedChanges verified={v.verified} /> : null}
      <section id="verification" aria-labelledby="verification-title">
        <h2 id="verification-title">Protected items after this compaction</h2>
        <p class="note" data-testid="verification-summary">
          {v.verification
            ? `Verified ${formatTime(v.verification.at)}: ${v.verification.preserved} preserved, ${v.verification.lost} lost, ${v.verification.recoveredIds.length} restored.`
            : "No verification was recorded for this compaction (keel verifies on the first request after it)."}
          {v.recovery
            ? ` Recovery message ${v.recovery.entryId} re-stated ${v.recovery.itemIds.join(", ")}.`
            : null}
        </p>
        <ProtectedItems items={v.items} />
      </section>
      <section id="summary" aria-labelledby="summary-title">
        <h2 id="summary-title">
          {v.fromKeel ? "Checkpoint keel wrote" : "Summary"}{" "}
          <span class="count">{formatCount(v.summary.length)} chars</span>
        </h2>
        <pre class="summary" tabindex={0}>
          {v.summary}
        </pre>
        {v.readFiles.length + v.modifiedFiles.length > 0 ? (
          <p class="note">
            Files read: {v.readFiles.length > 0 ? v.readFiles.join(", ") : "none"}. Files modified:{" "}
            {v.modifiedFiles.length > 0 ? v.modifiedFiles.join(", ") : "none"}.
          </p>
        ) : null}
      </section>
      <section id="context" aria-labelledby="context-title">
        <h2 id="context-title">Context before and after</h2>
        <div class="diff">
          <EntryColumn
            title={`Compacted: ${formatCount(v.compacted.count)} entries replaced by the checkpoint`}
            testid="compacted"
            entries={v.compacted.entries}
            total={v.compacted.count}
            cls="removed"
          />
          <EntryColumn
            title={`Kept: the checkpoint, then ${formatCount(v.kept.count)} entries from ${v.firstKeptEntryId ?? "—"}`}
            testid="kept"
            entries={v.kept.entries}
            total={v.kept.count}
            cls="kept"
          />
        </div>
      </section>
    </Layout>
  );
}

function EntryColumn(props: {
  title: string;
  testid: string;
  entries: ListedEntry[];
  total: number;
  cls: string;
}) {
  return (
    <section
      class={`diff-side ${props.cls}`}
      data-testid={props.testid}
      tabindex={0}
      aria-label={props.title}
    >
      <h3>{props.title}</h3>
      <ol>
        {props.entries.map((e) => (
          <li data-entry-id={e.id}>
            <span class="tag">{e.role}</span> <code class="id">{e.id}</code> {e.preview}
          </li>
        ))}
      </ol>
      {props.total > props.entries.length ? (
        <p class="note">… and {formatCount(props.total - props.entries.length)} more.</p>
      ) : null}
    </section>
  );
}

function CompactionFacts(props: { view: CompactionView }) {
  const v = props.view;
  return (
    <dl class="facts session-facts" data-testid="compaction-facts">
      <div>
        <dt>time</dt>
        <dd>
          <When at={v.timestamp} />
        </dd>
      </div>
      <div>
        <dt>strategy</dt>
        <dd>
          <span class={`tag strategy-${v.strategy}`}>{v.strategy}</span>
          {v.reason ? ` (${v.reason})` : null}
        </dd>
      </div>
      <div>
        <dt>tokens before</dt>
        <dd data-testid="tokens-before">{formatCount(v.tokens.before)}</dd>
      </div>
      <div>
        <dt>tokens after</dt>
        <dd>
          <TokensAfterFigure
            after={{ tokens: v.tokens.after, basis: v.tokens.afterBasis }}
            before={v.tokens.before}
          />
        </dd>
      </div>
      <div>
        <dt>model calls</dt>
        <dd data-testid="model-calls">
          {v.modelCalls.count} <span class="muted">— {v.modelCalls.note}</span>
        </dd>
      </div>
    </dl>
  );
}
