// The dashboard: how much keel's compactions saved, by strategy, with the model calls the verbatim checkpoint
// avoided, and a chart of tokens before and after each recent compaction.
/** @jsxImportSource hono/jsx */
import type { DashboardData } from "../../../overview/dashboard-data.ts";
import { formatCount } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { TokenChart } from "../components/token-chart.tsx";

export function DashboardPage(props: { frame: PageFrame; data: DashboardData }) {
  const d = props.data;
  return (
    <Layout {...props.frame} title="keel dashboard">
      <dl class="facts session-facts" data-testid="dashboard-facts">
        <div>
          <dt>compactions</dt>
          <dd>
            {formatCount(d.compactions)}{" "}
            <span class="muted">
              (
              {Object.entries(d.byStrategy)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([k, n]) => `${n} ${k}`)
                .join(", ") || "none"}
              )
            </span>
          </dd>
        </div>
        <div>
          <dt>saving ratio</dt>
          <dd data-testid="saving-ratio">
            {d.savingRatio === null ? "—" : `${Math.round(d.savingRatio * 100)}%`}
          </dd>
        </div>
        <div>
          <dt>tokens before → after</dt>
          <dd>
            {formatCount(d.tokensBefore)} → ~{formatCount(d.tokensAfter)}
          </dd>
        </div>
        <div>
          <dt>model calls avoided</dt>
          <dd data-testid="calls-avoided">
            {formatCount(d.modelCallsAvoided)}{" "}
            <span class="muted">(verbatim checkpoints; pi's summary asks once each)</span>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="chart-title">
        <h2 id="chart-title">Tokens before and after each compaction</h2>
        {d.points.length === 0 ? (
          <p class="empty">No compaction recorded yet.</p>
        ) : (
          <TokenChart points={d.points} />
        )}
      </section>
    </Layout>
  );
}
