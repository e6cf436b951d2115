// The dashboard: what keel's compactions saved and how that moved over time (tokens before and after, saving
// ratio, verification coverage, model calls avoided) and how project memory grew. Every figure comes from the
// records (dashboard-data.ts); each chart has a table of the same figures.
/** @jsxImportSource hono/jsx */
import type { DashboardData, DashboardPoint } from "../../../overview/dashboard-data.ts";
import { BinChart, type ChartBin } from "../components/bin-chart.tsx";
import { binInOrder, shortCount } from "../components/chart-bins.ts";
import { formatCount } from "../components/format.ts";
import { Layout, type PageFrame } from "../components/layout.tsx";
import { formatPercent } from "../components/tokens-after.tsx";

const tokens = (v: number) => formatCount(Math.round(v));

export function DashboardPage(props: { frame: PageFrame; data: DashboardData }) {
  const d = props.data;
  return (
    <Layout {...props.frame} title="keel dashboard">
      <Facts data={d} />
      {d.points.length === 0 ? (
        <p class="empty">No compaction recorded yet.</p>
      ) : (
        <CompactionCharts points={d.points} />
      )}
      {d.memory.length === 0 ? (
        <p class="empty">No memory record yet.</p>
      ) : (
        <BinChart
          id="memory"
          title="Memory records over time"
          description={`Memory records kept, ${formatCount(d.memory.at(-1)?.total ?? 0)} by the last day shown.`}
          unit="records"
          series={[{ name: "records (running total)", kind: "line", cls: "series-b" }]}
          bins={binInOrder(d.memory, (m) => m.day).map((b) => ({
            from: b.from,
            to: b.to,
            values: [b.items.at(-1)?.total ?? 0],
          }))}
          format={tokens}
        />
      )}
    </Layout>
  );
}

function Facts(props: { data: DashboardData }) {
  const d = props.data;
  const strategies = Object.entries(d.byStrategy)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
  return (
    <dl class="facts session-facts" data-testid="dashboard-facts">
      <div>
        <dt>compactions</dt>
        <dd>
          {formatCount(d.compactions)} <span class="muted">({strategies || "none"})</span>
        </dd>
      </div>
      <div>
        <dt>saving ratio</dt>
        <dd data-testid="saving-ratio">{d.savingRatio === null ? "—" : formatPercent(d.savingRatio)}</dd>
      </div>
      <div>
        <dt>tokens before → after</dt>
        <dd data-testid="tokens-after-total" data-tokens={d.tokensAfter}>
          {formatCount(d.tokensBefore)} → {formatCount(d.tokensAfter)}{" "}
          <span class="muted">(after as recorded for each compaction)</span>
        </dd>
      </div>
      <div>
        <dt>model calls</dt>
        <dd data-testid="calls-avoided">
          {formatCount(d.modelCallsAvoided)} avoided{" "}
          <span class="muted">
            (checkpoints written without the model; pi's summary asks at least once) ·{" "}
            {formatCount(d.modelCallsSent)} sent by keel
          </span>
        </dd>
      </div>
    </dl>
  );
}

function CompactionCharts(props: { points: DashboardPoint[] }) {
  const bins = binInOrder(props.points, (p) => p.at);
  const per = bins.length < props.points.length ? " (each bar: the mean of consecutive compactions)" : "";
  const known = (items: DashboardPoint[]) => items.filter((p) => p.before !== null);
  const sum = (items: DashboardPoint[], f: (p: DashboardPoint) => number) =>
    items.reduce((s, p) => s + f(p), 0);
  const tokenBins: ChartBin[] = bins.map((b) => {
    const k = known(b.items);
    return {
      from: b.from,
      to: b.to,
      values:
        k.length === 0
          ? [null, null]
          : [sum(k, (p) => p.before ?? 0) / k.length, sum(k, (p) => p.after.tokens) / k.length],
    };
  });
  const ratioBins = tokenBins.map((b) => {
    const [before, after] = b.values;
    return { ...b, values: [before ? 1 - (after ?? 0) / before : null] };
  });
  const avoidedBins: ChartBin[] = [];
  for (const b of bins) {
    const before = avoidedBins.at(-1)?.values[0] ?? 0;
    avoidedBins.push({
      from: b.from,
      to: b.to,
      values: [before + b.items.filter((p) => p.avoidedCall).length],
    });
  }
  const avoided = avoidedBins.at(-1)?.values[0] ?? 0;
  const verified = props.points.filter((p) => p.coverage !== null);
  const first = props.points[0];
  const last = props.points.at(-1);
  return (
    <div class="charts">
      <BinChart
        id="tokens"
        title={`Tokens before and after compaction${per}`}
        description={`${formatCount(props.points.length)} compactions from ${first ? new Date(first.at).toISOString().slice(0, 10) : ""} to ${last ? new Date(last.at).toISOString().slice(0, 10) : ""}: pi's tokens before next to the tokens keel recorded after.`}
        unit="tokens"
        series={[
          { name: "before (pi)", kind: "bar", cls: "series-a" },
          { name: "after (recorded)", kind: "bar", cls: "series-b" },
        ]}
        bins={tokenBins}
        format={tokens}
        tick={shortCount}
      />
      <BinChart
        id="saving"
        title="Saving ratio over time"
        description="The share of the tokens before that each compaction removed."
        unit="saved"
        series={[{ name: "saving ratio", kind: "line", cls: "series-b" }]}
        bins={ratioBins}
        format={formatPercent}
        max={1}
      />
      {verified.length === 0 ? (
        <p class="empty">No verified compaction yet: coverage is measured by the verified strategy.</p>
      ) : (
        <BinChart
          id="coverage"
          title="Verification coverage over time"
          description="The share of extracted facts each verified compaction's applied summary states."
          unit="coverage"
          series={[{ name: "coverage", kind: "line", cls: "series-b" }]}
          bins={binInOrder(verified, (p) => p.at).map((b) => ({
            from: b.from,
            to: b.to,
            values: [sum(b.items, (p) => p.coverage ?? 0) / b.items.length],
          }))}
          format={formatPercent}
          max={1}
        />
      )}
      <BinChart
        id="avoided"
        title="Model calls avoided (running total)"
        description={`Checkpoints keel wrote without asking the model: ${formatCount(avoided)} in all.`}
        unit="calls"
        series={[{ name: "calls avoided", kind: "line", cls: "series-b" }]}
        bins={avoidedBins}
        format={tokens}
      />
    </div>
  );
}
