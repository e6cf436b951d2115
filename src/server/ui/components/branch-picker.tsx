// The session page's branch picker: a plain GET form (no script) listing the session's leaves, newest first, the
// current leaf marked and chosen by default; the pick travels as `?leaf=<entry id>`. Shown only when the session
// has more than one leaf.
/** @jsxImportSource hono/jsx */
import type { BranchChoices } from "../../../overview/branch-choices.ts";

export function BranchPicker(props: {
  base: string;
  branches: BranchChoices;
  /** The leaf shown now (the picked one, else pi's current leaf). */
  shown: string | null;
  /** Keeps the raw-entries tab when the pick is made there. */
  entriesTab: boolean;
}) {
  const b = props.branches;
  if (b.leaves < 2) return null;
  const unlisted = props.shown !== null && !b.choices.some((c) => c.leafId === props.shown);
  return (
    <form method="get" action={props.base} class="branch-picker search">
      <label for="branch-leaf">Branch</label>
      {props.entriesTab ? <input type="hidden" name="view" value="entries" /> : null}
      <select id="branch-leaf" name="leaf">
        {unlisted ? <option value={props.shown ?? ""} selected>{`entry ${props.shown}`}</option> : null}
        {b.choices.map((c) => (
          <option value={c.leafId} selected={c.leafId === props.shown}>
            {c.current ? "current: " : ""}
            {c.name} ({c.leafId})
          </option>
        ))}
      </select>
      <button type="submit">Show branch</button>
      {b.leaves > b.choices.length ? (
        <span class="muted">
          newest {b.choices.length} of {b.leaves} leaves
        </span>
      ) : null}
    </form>
  );
}
