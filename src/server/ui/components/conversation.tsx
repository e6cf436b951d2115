// The session page's conversation view: turns as readable text, each tool call one folded line with its outcome,
// thinking folded, keel's events as labelled markers, compactions as boundaries linking to their views, and the
// two tabs that switch between this and the raw-entries timeline. The data comes from overview/conversation-view.
/** @jsxImportSource hono/jsx */
import {
  type BoundedText,
  CONVERSATION_PAGE,
  type ConversationItem,
  type ConversationView,
  type ToolCallView,
} from "../../../overview/conversation-view.ts";
import { Patch, RefusalMarker } from "./call-marks.tsx";
import { formatCount, shortId } from "./format.ts";
import { Markdown } from "./markdown.tsx";
import { TokensAfterFigure } from "./tokens-after.tsx";
import { When } from "./when.tsx";

export type SessionTab = "conversation" | "entries";

/** A link's query ("?…", or "" for none) with `leaf=` for a picked branch, so every link stays on that branch. */
export function withLeaf(params: Record<string, string>, leaf: string | undefined): string {
  const query = new URLSearchParams(leaf ? { ...params, leaf } : params).toString();
  return query ? `?${query}` : "";
}

export function SessionTabs(props: { base: string; current: SessionTab; leaf?: string }) {
  const tab = (name: SessionTab, href: string, label: string) => (
    <a class="tab" href={href} aria-current={props.current === name ? "page" : undefined} data-tab={name}>
      {label}
    </a>
  );
  return (
    <nav class="tabs" aria-label="session views">
      {tab("conversation", `${props.base}${withLeaf({}, props.leaf)}#conversation`, "Conversation")}
      {tab("entries", `${props.base}${withLeaf({ view: "entries" }, props.leaf)}#timeline`, "Raw entries")}
    </nav>
  );
}

interface Links {
  base: string;
}

export function Conversation(props: { view: ConversationView; base: string; leaf?: string }) {
  const v = props.view;
  const page = (offset: number) =>
    `${props.base}${withLeaf({ offset: String(offset) }, props.leaf)}#conversation`;
  const last = Math.max(0, Math.floor((v.total - 1) / CONVERSATION_PAGE) * CONVERSATION_PAGE);
  return (
    <section id="conversation" aria-labelledby="conversation-title">
      <h2 id="conversation-title">
        Conversation <span class="count">{v.total}</span>
      </h2>
      <p class="note">
        {props.leaf ? "The picked branch" : "The current branch"}
        {v.leafId ? (
          <>
            {" "}
            (leaf <code class="id">{v.leafId}</code>)
          </>
        ) : null}
        , items {v.total === 0 ? 0 : v.offset + 1}–{Math.min(v.offset + CONVERSATION_PAGE, v.total)} of{" "}
        {v.total}; tool results sit under their calls.
        {v.offset > 0 ? <a href={page(0)}> First</a> : null}
        {v.offset > 0 ? <a href={page(Math.max(0, v.offset - CONVERSATION_PAGE))}> Previous</a> : null}
        {v.offset + CONVERSATION_PAGE < v.total ? (
          <a href={page(v.offset + CONVERSATION_PAGE)}> Next</a>
        ) : null}
        {v.offset + CONVERSATION_PAGE < v.total ? <a href={page(last)}> Latest</a> : null}
      </p>
      {v.total === 0 ? <p class="empty">No entry on this branch yet.</p> : null}
      <ol class="conversation">
        {v.items.map((item) => (
          <Item item={item} base={props.base} />
        ))}
      </ol>
    </section>
  );
}

function Item(props: { item: ConversationItem; base: string }) {
  const item = props.item;
  const common = { id: `entry-${item.id}`, "data-entry-id": item.id, "data-kind": item.kind };
  const links = { base: props.base };
  switch (item.kind) {
    case "user":
      return (
        <li class="turn turn-user" {...common}>
          <Head who="User" at={item.timestamp} entryId={item.id} {...links} />
          <Markdown text={item.text.text} />
          <Cut text={item.text} entryId={item.id} {...links} />
        </li>
      );
    case "assistant":
      return <AssistantTurn item={item} base={props.base} common={common} />;
    case "compaction":
      return (
        <li class="boundary" {...common}>
          <a href={`${props.base}/compactions/${encodeURIComponent(item.id)}`}>
            Compaction {item.id} ({item.strategy}, {formatCount(item.tokensBefore)} tokens before)
          </a>{" "}
          {item.tokensAfter ? (
            <span class="muted">
              → <TokensAfterFigure after={item.tokensAfter} before={item.tokensBefore} /> tokens after{" "}
            </span>
          ) : null}
          <When at={item.timestamp} />
          <Fold
            label="Summary the model sees from here on"
            body={item.summary}
            entryId={item.id}
            {...links}
          />
        </li>
      );
    case "keel":
      return (
        <li class={`marker marker-${item.marker.area}`} {...common} data-custom-type={item.customType}>
          <span class="tag">keel · {item.marker.area}</span> {item.marker.label}{" "}
          {item.marker.compactionId ? (
            <a href={`${props.base}/compactions/${encodeURIComponent(item.marker.compactionId)}`}>
              compaction {item.marker.compactionId}
            </a>
          ) : null}{" "}
          <When at={item.timestamp} />
          <Fold label="Show what keel wrote" body={item.body} entryId={item.id} {...links} />
        </li>
      );
    case "tool-result":
      return (
        <li class="turn tool-orphan" {...common}>
          <Fold
            label={`Result of ${item.toolName} (${item.outcome}), its call is not on this branch`}
            body={item.output}
            entryId={item.id}
            {...links}
          />
        </li>
      );
    case "shell":
      return (
        <li class="turn turn-shell" {...common}>
          <Fold
            label={`$ ${item.command} (exit ${item.exitCode ?? "?"})`}
            body={item.output}
            entryId={item.id}
            {...links}
          />
        </li>
      );
    default:
      return (
        <li class="meta" {...common}>
          {item.body ? (
            <Fold label={item.label} body={item.body} entryId={item.id} {...links} />
          ) : (
            <span class="muted">{item.label}</span>
          )}
        </li>
      );
  }
}

function AssistantTurn(props: {
  item: Extract<ConversationItem, { kind: "assistant" }>;
  base: string;
  common: Record<string, string>;
}) {
  const item = props.item;
  return (
    <li class="turn turn-assistant" {...props.common}>
      <Head who="Assistant" at={item.timestamp} detail={item.model} entryId={item.id} base={props.base} />
      {item.thinking ? (
        <Fold
          label="Thinking"
          body={item.thinking}
          entryId={item.id}
          base={props.base}
          className="thinking"
        />
      ) : null}
      {item.text.text ? <Markdown text={item.text.text} /> : null}
      <Cut text={item.text} entryId={item.id} base={props.base} />
      {item.toolCalls.map((call) => (
        <ToolCall call={call} entryId={item.id} base={props.base} />
      ))}
      {item.error ? <p class="warning-text">The model's reply failed: {item.error}</p> : null}
    </li>
  );
}

function ToolCall(props: { call: ToolCallView; entryId: string } & Links) {
  const c = props.call;
  return (
    <>
      <details class="tool-call" data-tool-call-id={c.id} data-outcome={c.outcome}>
        <summary>
          <span class={`tag outcome-${c.outcome.replace(" ", "-")}`}>
            {c.refusal ? "refused" : c.outcome}
          </span>{" "}
          <code>{c.name}</code> <span class="call-summary">{c.summary}</span>
          {c.patch ? (
            <span class="patch-count">
              {" "}
              +{c.patch.added} −{c.patch.removed}
            </span>
          ) : null}
        </summary>
        {c.patch ? (
          <>
            <Patch patch={c.patch} applied={c.outcome === "ok"} />
            <details class="fold">
              <summary>Arguments</summary>
              <pre tabindex={0}>{c.args.text}</pre>
              <Cut text={c.args} entryId={props.entryId} base={props.base} />
            </details>
          </>
        ) : (
          <>
            <p class="fold-label">Arguments</p>
            <pre tabindex={0}>{c.args.text}</pre>
            <Cut text={c.args} entryId={props.entryId} base={props.base} />
          </>
        )}
        <p class="fold-label">Output</p>
        {c.output ? (
          <>
            <pre tabindex={0}>{c.output.text}</pre>
            <Cut text={c.output} entryId={c.resultId ?? props.entryId} base={props.base} />
          </>
        ) : (
          <p class="muted">No result on this branch.</p>
        )}
      </details>
      {c.refusal ? <RefusalMarker call={c} /> : null}
    </>
  );
}

function Head(props: { who: string; at: string | null; detail?: string | null; entryId: string } & Links) {
  return (
    <p class="turn-head">
      <strong>{props.who}</strong>
      {props.detail ? <span class="muted"> {props.detail}</span> : null} <When at={props.at} />{" "}
      <a class="entry-link" href={`${props.base}/entries/${encodeURIComponent(props.entryId)}`}>
        full entry
      </a>
    </p>
  );
}

function Fold(props: { label: string; body: BoundedText; entryId: string; className?: string } & Links) {
  return (
    <details class={props.className ?? "fold"}>
      <summary>
        {props.label} <span class="muted">({formatCount(props.body.totalChars)} chars)</span>
      </summary>
      <pre tabindex={0}>{props.body.text}</pre>
      <Cut text={props.body} entryId={props.entryId} base={props.base} />
    </details>
  );
}

/** The note under a body the page cut: how much is shown, and the link to the whole entry. */
function Cut(props: { text: BoundedText; entryId: string } & Links) {
  if (props.text.totalChars <= props.text.text.length) return null;
  return (
    <p class="note cut">
      Showing the first {formatCount(props.text.text.length)} of {formatCount(props.text.totalChars)}{" "}
      characters.{" "}
      <a href={`${props.base}/entries/${encodeURIComponent(props.entryId)}`}>
        Open entry {shortId(props.entryId)} in full
      </a>
    </p>
  );
}
