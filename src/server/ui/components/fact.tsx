// One labelled fact in a page's facts list (`<dl class="facts">`).
/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";

export function Fact(props: { label: string; value: Child }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}
