// A verified compaction's report on its compaction page: the notice the user saw (outcome in words, coverage,
// model calls) and the summary lines the repair removed (−), corrected (− then +) or restored (+), each with why.
/** @jsxImportSource hono/jsx */
import type { VerifiedRecord } from "../../../compact/verified-record.ts";

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);

export function VerifiedChanges(props: { verified: VerifiedRecord }) {
  const v = props.verified;
  return (
    <section id="verified" aria-labelledby="verified-title">
      <h2 id="verified-title">What verification changed in the model's summary</h2>
      <p class="note" data-testid="verified-notice">
        {v.notice ?? `outcome ${v.outcome}`} — model's coverage {pct(v.coverage)}, after repair{" "}
        {pct(v.coverageAfter)}, {v.modelCalls ?? 0} model call(s).
      </p>
      {v.changes.length === 0 ? (
        <p class="note">
          No line was removed, corrected or added: the summary was applied as the model wrote it.
        </p>
      ) : (
        <ul class="summary-changes" data-testid="verified-changes">
          {v.changes.flatMap((c) => [
            c.action === "added" ? (
              <li class="change-added" data-action="added">
                + added: {c.text} <span class="muted">({c.why})</span>
              </li>
            ) : (
              <li class="change-removed" data-action={c.action}>
                − {c.action}: {c.text} <span class="muted">({c.why})</span>
              </li>
            ),
            ...(c.replacement
              ? [
                  <li class="change-added" data-action="replacement">
                    + replaced by: {c.replacement}
                  </li>,
                ]
              : []),
          ])}
        </ul>
      )}
    </section>
  );
}
