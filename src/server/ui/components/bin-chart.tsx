// A server-rendered SVG chart over time bins (chart-bins.ts): bars or a line per series, a labelled value axis,
// a time axis with about five local-time labels, a legend, a title and a one-line description for screen
// readers, and the same figures as a table beneath. No script and no library.
/** @jsxImportSource hono/jsx */
import { labelledIndexes, roundUp, timeLabel } from "./chart-bins.ts";
import { formatTime } from "./format.ts";

export interface ChartBin {
  from: number;
  to: number;
  /** One value per series; null where the bin has none. */
  values: (number | null)[];
}

export interface ChartSeries {
  name: string;
  kind: "bar" | "line";
  /** CSS class of its marks: series-a (muted), series-b (accent). */
  cls: "series-a" | "series-b";
}

export interface ChartProps {
  id: string;
  title: string;
  description: string;
  unit: string;
  series: ChartSeries[];
  bins: ChartBin[];
  format: (value: number) => string;
  /** The value axis's labels, when shorter than `format` ("1.5M"). */
  tick?: (value: number) => string;
  /** A fixed top of the value axis (1 for ratios); otherwise the largest value rounded up. */
  max?: number;
}

const W = 560;
const H = 240;
const PAD = { left: 60, right: 16, top: 26, bottom: 44 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
/** A bar above zero is drawn at least this tall, so a small "after" never looks missing. */
const MIN_BAR = 3;

export function BinChart(props: ChartProps) {
  const values = props.bins.flatMap((b) => b.values.filter((v): v is number => v !== null));
  const max = props.max ?? roundUp(Math.max(0, ...values));
  const slot = PLOT_W / Math.max(1, props.bins.length);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const y = (v: number) => PAD.top + PLOT_H - (Math.min(v, max) / max) * PLOT_H;
  const span = (props.bins.at(-1)?.to ?? 0) - (props.bins[0]?.from ?? 0);
  return (
    <figure class="chart-figure" aria-labelledby={`${props.id}-caption`}>
      <figcaption id={`${props.id}-caption`}>{props.title}</figcaption>
      <svg
        class="chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${props.id}-t ${props.id}-d`}
        data-bins={props.bins.length}
      >
        <title id={`${props.id}-t`}>{props.title}</title>
        <desc id={`${props.id}-d`}>{props.description}</desc>
        <Axes max={max} tick={props.tick ?? props.format} unit={props.unit} />
        {props.series.map((s, k) =>
          s.kind === "bar" ? (
            <Bars bins={props.bins} k={k} count={props.series.length} slot={slot} x={x} y={y} s={s} />
          ) : (
            <Line bins={props.bins} k={k} x={x} y={y} s={s} format={props.format} />
          ),
        )}
        {labelledIndexes(props.bins.length).map((i, n, all) => (
          <text
            class="tick"
            x={x(i)}
            y={H - PAD.bottom + 16}
            text-anchor={
              all.length > 1 && n === 0 ? "start" : n === all.length - 1 && n > 0 ? "end" : "middle"
            }
          >
            {timeLabel(props.bins[i]?.to ?? 0, span)}
          </text>
        ))}
        <Legend series={props.series} />
      </svg>
      <details class="chart-table">
        <summary>{props.title}: the figures</summary>
        <section class="table-wrap" tabindex={0} aria-label={`${props.title}: the figures`}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">Time</th>
                {props.series.map((s) => (
                  <th scope="col" class="num">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.bins.map((b) => (
                <tr>
                  <td>
                    {b.from === b.to ? formatTime(b.from) : `${formatTime(b.from)} – ${formatTime(b.to)}`}
                  </td>
                  {b.values.map((v) => (
                    <td class="num">{v === null ? "—" : props.format(v)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}

function Axes(props: { max: number; tick: (v: number) => string; unit: string }) {
  const base = PAD.top + PLOT_H;
  return (
    <g>
      {[0, 0.5, 1].map((f) => (
        <g>
          <line class="grid" x1={PAD.left} x2={W - PAD.right} y1={base - f * PLOT_H} y2={base - f * PLOT_H} />
          <text class="tick" x={PAD.left - 6} y={base - f * PLOT_H + 4} text-anchor="end">
            {props.tick(props.max * f)}
          </text>
        </g>
      ))}
      <text class="axis-title" x={4} y={14}>
        {props.unit}
      </text>
      <text class="axis-title" x={W - PAD.right} y={H - 4} text-anchor="end">
        time (local)
      </text>
    </g>
  );
}

interface MarkProps {
  bins: ChartBin[];
  k: number;
  x: (i: number) => number;
  y: (v: number) => number;
  s: ChartSeries;
}

function Bars(props: MarkProps & { count: number; slot: number }) {
  const width = Math.max(1, Math.min(18, (props.slot * 0.8) / props.count));
  const base = PAD.top + PLOT_H;
  return (
    <g class={props.s.cls}>
      {props.bins.map((b, i) => {
        const v = b.values[props.k];
        if (v === null || v === undefined) return null;
        const top = v > 0 ? Math.min(props.y(v), base - MIN_BAR) : base;
        const left = props.x(i) - (props.count * width) / 2 + props.k * width;
        return <rect x={left} y={top} width={width} height={base - top} />;
      })}
    </g>
  );
}

function Line(props: MarkProps & { format: (v: number) => string }) {
  const marks = props.bins.flatMap((b, i) => {
    const v = b.values[props.k];
    return v === null || v === undefined ? [] : [{ cx: props.x(i), cy: props.y(v), v }];
  });
  return (
    <g class={props.s.cls}>
      <polyline class="line" points={marks.map((m) => `${m.cx.toFixed(1)},${m.cy.toFixed(1)}`).join(" ")} />
      {marks.map((m) => (
        <circle cx={m.cx} cy={m.cy} r={3} />
      ))}
    </g>
  );
}

function Legend(props: { series: ChartSeries[] }) {
  return (
    <g>
      {props.series.map((s, k) => (
        <g class={s.cls}>
          <rect x={PAD.left + k * 150} y={H - 16} width={10} height={10} />
          <text class="tick" x={PAD.left + k * 150 + 14} y={H - 7}>
            {s.name}
          </text>
        </g>
      ))}
    </g>
  );
}
