// One stored artifact in full: what spilled it and from which session, then its text a page of characters at a
// time (checked against its hash before it is shown), with links back to the storage list and on through the pages.
/** @jsxImportSource hono/jsx */

import type { ArtifactView } from "../../../overview/storage-view.ts";
import { ARTIFACT_PAGE_CHARS } from "../../../recall/artifacts/browse.ts";
import { CharRange } from "../components/char-range.tsx";
import { formatBytes, shortId } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { When } from "../components/when.tsx";

export function ArtifactPage(props: { frame: PageFrame; view: ArtifactView }) {
  const v = props.view;
  const base = `/storage/${encodeURIComponent(v.origin)}/${v.sha256}`;
  const session = v.sessionKey ? `/sessions/${encodeURIComponent(v.sessionKey)}` : null;
  return (
    <Layout {...props.frame} title={`keel artifact ${v.sha256.slice(0, 12)}`}>
      <p>
        <a href="/storage">Back to storage</a>
      </p>
      <dl class="facts" data-testid="artifact-facts">
        <div>
          <dt>spilled by</dt>
          <dd>
            {v.spilledBy ? (
              <>
                <code class="path">{v.spilledBy.source || v.spilledBy.tool}</code>
              </>
            ) : (
              <span class="muted">not found in its session</span>
            )}
          </dd>
        </div>
        <div>
          <dt>session</dt>
          <dd>
            {session ? (
              <a href={session}>
                <code class="id">{shortId(v.origin)}</code>
              </a>
            ) : (
              <code class="id">{shortId(v.origin)}</code>
            )}
          </dd>
        </div>
        <div>
          <dt>size</dt>
          <dd>{formatBytes(v.bytes)}</dd>
        </div>
        <div>
          <dt>written</dt>
          <dd>
            <When at={v.createdAt} />
          </dd>
        </div>
      </dl>
      <CharRange
        testid="artifact-range"
        from={v.from}
        shown={v.text.length}
        total={v.totalChars}
        pageChars={ARTIFACT_PAGE_CHARS}
        href={(from) => `${base}?from=${from}`}
        note="; its size and hash were checked before it was shown."
      />
      <pre class="summary" tabindex={0} data-testid="artifact-text">
        {v.text}
      </pre>
    </Layout>
  );
}
