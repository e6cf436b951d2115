// One entry of a session in full: its header line and its text, a page of characters at a time, with links back
// to the conversation and on through the pages.
/** @jsxImportSource hono/jsx */
import { ENTRY_PAGE_CHARS, type EntryView } from "../../../overview/entry-view.ts";
import { CharRange } from "../components/char-range.tsx";
import { shortId } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";

export function EntryPage(props: { frame: PageFrame; routeKey: string; view: EntryView }) {
  const v = props.view;
  const base = `/sessions/${encodeURIComponent(props.routeKey)}`;
  const page = (from: number) => `${base}/entries/${encodeURIComponent(v.id)}?from=${from}`;
  return (
    <Layout {...props.frame} title={`keel entry ${v.id} of session ${shortId(props.routeKey)}`}>
      <p>
        <a href={`${base}#entry-${v.id}`}>Back to the conversation</a>
      </p>
      <p>
        <code class="path">{v.header}</code>
      </p>
      <CharRange
        testid="entry-range"
        from={v.from}
        shown={v.text.length}
        total={v.totalChars}
        pageChars={ENTRY_PAGE_CHARS}
        href={page}
      />
      <pre class="summary" tabindex={0} data-testid="entry-text">
        {v.text}
      </pre>
    </Layout>
  );
}
