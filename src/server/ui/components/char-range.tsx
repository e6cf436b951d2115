// Which characters of a long text a page shows ("Characters 1–50,000 of 120,000."), with links to the previous and
// next pages: the entry-in-full and artifact pages page their text the same way.
/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { formatCount } from "./format.ts";

export function CharRange(props: {
  testid: string;
  from: number;
  shown: number;
  total: number;
  pageChars: number;
  /** The URL of the page that starts at `from`. */
  href: (from: number) => string;
  note?: Child;
}) {
  const end = Math.min(props.from + props.shown, props.total);
  return (
    <p class="note" data-testid={props.testid}>
      Characters {formatCount(props.total === 0 ? 0 : props.from + 1)}–{formatCount(end)} of{" "}
      {formatCount(props.total)}
      {props.note ?? "."}
      {props.from > 0 ? <a href={props.href(Math.max(0, props.from - props.pageChars))}> Previous</a> : null}
      {end < props.total ? <a href={props.href(end)}> Next</a> : null}
    </p>
  );
}
