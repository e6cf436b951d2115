// The "Protected context" block every keel compaction strategy embeds: each item's content byte for byte, so
// a keel checkpoint passes literal verification by construction. Retired and superseded discoveries are listed
// apart and labelled as no longer authoritative, so they stay verifiable without being presented as current.
import type { ProtectedItem, ProtectState } from "./types.ts";

const attr = (value: string) => value.replace(/[&"<>\n]/g, (c) => `&#${c.charCodeAt(0)};`);

function itemTag(item: ProtectedItem, extra = ""): string {
  const critical = item.critical ? ' critical="true"' : "";
  return `<protected-item id="${attr(item.id)}" kind="${item.kind}"${critical}${extra}>\n${item.content}\n</protected-item>`;
}

export function renderProtectedBlock(state: ProtectState): string {
  if (state.items.length === 0) return "";
  const current: string[] = [];
  const past: string[] = [];
  for (const item of state.items) {
    const life = state.discoveryItemIds.includes(item.id) ? state.discoveryLifecycle[item.id] : undefined;
    if (!life || life.status === "active") current.push(itemTag(item));
    else {
      const by = life.supersededBy ? ` superseded-by="${attr(life.supersededBy)}"` : "";
      past.push(itemTag(item, ` status="${life.status}"${by}`));
    }
  }
  const parts = [
    "## Protected context",
    "The user protected these items; they still hold after this compaction. Each item's text is exact.",
    ...current,
  ];
  if (past.length > 0)
    parts.push("No longer authoritative (kept for the record; do not act on these):", ...past);
  return parts.join("\n");
}
