// The protected-items table: each item's kind, whether it is critical, where it came from (manual, model
// extraction or discovery), its lifecycle, and, in a compaction view, what verification found for it.
/** @jsxImportSource hono/jsx */
import type { ItemOutcome } from "../../../overview/compaction-view.ts";
import type { SessionProtectedItem } from "../../../overview/session-view.ts";

type Row = Pick<SessionProtectedItem, "id" | "kind" | "critical" | "content"> &
  Partial<Pick<SessionProtectedItem, "origin" | "lifecycle">> & { outcome?: ItemOutcome };

export function ProtectedItems(props: { items: Row[] }) {
  if (props.items.length === 0) return <p class="empty">No protected items on this branch.</p>;
  const withOutcome = props.items.some((i) => i.outcome !== undefined);
  return (
    <div class="table-wrap" tabindex={0}>
      <table class="data" aria-label="protected items">
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Kind</th>
            <th scope="col">Content</th>
            {withOutcome ? <th scope="col">Verification</th> : <th scope="col">Origin</th>}
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => (
            <tr data-item-id={item.id} data-outcome={item.outcome}>
              <td>
                <code>{item.id}</code>
              </td>
              <td>
                {item.kind}
                {item.critical ? <span class="tag critical">critical</span> : null}
              </td>
              <td class="content">{item.content}</td>
              {withOutcome ? (
                <td>
                  <span class={`tag outcome-${item.outcome}`}>{item.outcome}</span>
                </td>
              ) : (
                <td>
                  {item.origin}
                  {item.lifecycle ? <span class="muted"> · {item.lifecycle.status}</span> : null}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
