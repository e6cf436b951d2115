// One way every page prints a compaction's tokens after: the recorded figure, how it was found (measured or
// estimated) and the share of the tokens before it saved, so the compaction view, the session page and the
// dashboard cannot drift apart.
/** @jsxImportSource hono/jsx */
import { savingRatio, type TokensAfter } from "../../../compact/tokens-after.ts";
import { formatCount } from "./format.ts";

export function TokensAfterFigure(props: { after: TokensAfter | null; before: number | null }) {
  if (!props.after) return <span class="muted">—</span>;
  const ratio = savingRatio(props.before, props.after.tokens);
  return (
    <span data-testid="tokens-after" data-tokens={props.after.tokens}>
      {props.after.basis === "estimated" ? "~" : ""}
      {formatCount(props.after.tokens)}
      <span class="muted">
        {" "}
        {props.after.basis}
        {ratio !== null ? `, ${formatPercent(ratio)} saved` : ""}
      </span>
    </span>
  );
}

/** A ratio as a whole percentage ("90%"); a saving under 1% keeps one decimal so it does not read as 0. */
export function formatPercent(ratio: number): string {
  const percent = ratio * 100;
  return Math.abs(percent) < 1 && percent !== 0 ? `${percent.toFixed(1)}%` : `${Math.round(percent)}%`;
}
