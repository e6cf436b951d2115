// Two marks of a tool call in the conversation view: an edit's change as a unified diff (each line keeps its +/-
// sign and gets a class for its colour, so colour is never the only sign), and the keel marker a refused call shows
// without being opened (who refused it and the first line of why).
/** @jsxImportSource hono/jsx */
import type { ToolCallView } from "../../../overview/conversation-view.ts";
import type { EditPatch } from "../../../overview/edit-patch.ts";
import { formatCount } from "./format.ts";

/** A refused call's keel marker, shown without opening the call: who refused it and the first line of why. */
export function RefusalMarker(props: { call: ToolCallView }) {
  const reason = props.call.output?.text.split("\n")[0] ?? "";
  return (
    <p class="refusal-marker" data-refusal={props.call.refusal ?? ""}>
      <span class="tag">keel · guard</span> {props.call.refusal}: <span class="muted">{reason}</span>
    </p>
  );
}

/** An edit as a unified diff: each line keeps its +/- sign and gets a class for its colour. */
export function Patch(props: { patch: EditPatch; applied: boolean }) {
  const p = props.patch;
  const note = p.source === "pi" ? "as pi recorded it" : "from the call's old and new text";
  return (
    <>
      <p class="fold-label">
        {props.applied ? "Change" : "Proposed change (not applied)"} to <code>{p.path}</code>{" "}
        <span class="muted">
          ({note}: {p.added} added, {p.removed} removed)
        </span>
      </p>
      <pre class="patch" tabindex={0}>
        {p.lines.map((line) => (
          <span class={`patch-${line.kind}`}>{`${line.text}\n`}</span>
        ))}
      </pre>
      {p.omittedLines > 0 ? (
        <p class="note cut">{formatCount(p.omittedLines)} more diff lines are in the arguments below.</p>
      ) : null}
    </>
  );
}
