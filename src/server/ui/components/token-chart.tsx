// A server-side SVG bar chart: tokens before each compaction next to the checkpoint's size after, oldest left.
// No script and no library: the bars are rectangles with titles, and the figures are in the table below it.
/** @jsxImportSource hono/jsx */
import type { DashboardPoint } from "../../../overview/dashboard-data.ts";
import { formatCount, formatTime } from "./format.ts";

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 56, right: 8, top: 12, bottom: 28 };

export function TokenChart(props: { points: DashboardPoint[] }) {
  const points = props.points;
  const max = Math.max(1, ...points.map((p) => Math.max(p.before ?? 0, p.after)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(points.length, 1);
  const bar = Math.max(1, Math.min(14, slot / 2 - 1));
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Tokens before and after each of the last ${points.length} compactions; the largest is ${formatCount(max)}`}
    >
      <line
        x1={PAD.left}
        y1={PAD.top + plotH}
        x2={WIDTH - PAD.right}
        y2={PAD.top + plotH}
        stroke="currentColor"
      />
      <text x={PAD.left - 6} y={PAD.top + 8} text-anchor="end">
        {formatCount(max)}
      </text>
      <text x={PAD.left - 6} y={PAD.top + plotH} text-anchor="end">
        0
      </text>
      {points.map((p, i) => {
        const x = PAD.left + i * slot + slot / 2;
        const before = p.before ?? 0;
        return (
          <g>
            <title>
              {`${formatTime(p.at)} ${p.strategy}: ${formatCount(p.before)} tokens before, ~${formatCount(p.after)} after`}
            </title>
            <rect
              class="bar-before"
              x={x - bar}
              y={y(before)}
              width={bar}
              height={PAD.top + plotH - y(before)}
            />
            <rect class="bar-after" x={x} y={y(p.after)} width={bar} height={PAD.top + plotH - y(p.after)} />
          </g>
        );
      })}
      <text x={PAD.left} y={HEIGHT - 8}>
        oldest
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 8} text-anchor="end">
        newest · grey: before · blue: after
      </text>
    </svg>
  );
}
