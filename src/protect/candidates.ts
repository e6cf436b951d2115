// Supersession candidates: active discoveries that mention the same structural token — an exact file path, an
// exact opaque identifier, or the subject a version is attached to. Matching is exact and structural (no
// similarity, no model); a group is a suggestion only and carries no direction.
import type { ProtectState } from "./types.ts";

export const MAX_GROUPS = 10;

export interface Anchor {
  kind: "path" | "opaque-id" | "versioned-subject";
  value: string;
}

export interface CandidateGroup {
  anchors: Anchor[];
  ids: string[];
}

const SUBJECT_STOPLIST = new Set([
  "version",
  "versions",
  "release",
  "file",
  "error",
  "line",
  "step",
  "phase",
  "level",
  "v",
  "to",
  "from",
  "and",
  "or",
  "is",
  "at",
  "of",
  "the",
  "a",
  "an",
  "in",
  "on",
  "with",
  "than",
  "since",
  "node",
  "build",
]);

const trimPunctuation = (token: string) => token.replace(/^[("'`[]+|[)"'`\].,:;!?]+$/g, "");

/** The structural anchors one text mentions. */
export function anchorsOf(text: string): Anchor[] {
  const found = new Map<string, Anchor>();
  const add = (anchor: Anchor) => found.set(`${anchor.kind}\u0000${anchor.value}`, anchor);
  for (const raw of text.split(/\s+/)) {
    const token = trimPunctuation(raw);
    if (token.includes("/") && /^[\w./~@+-]+$/.test(token) && !token.includes("//")) {
      const absolute = token.startsWith("/") || token.startsWith("~/");
      const last = token.split("/").at(-1) ?? "";
      if (absolute ? last.length > 0 : /\.[A-Za-z0-9]+$/.test(last)) add({ kind: "path", value: token });
    }
  }
  for (const match of text.matchAll(/\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b/g))
    if (match[0].length >= 6 && /\d/.test(match[0])) add({ kind: "opaque-id", value: match[0] });
  const versioned =
    /\b([A-Za-z][\w.-]*?)\s+(?:(?:version|release)\s+)?v?(\d+(?:\.\d+)+|\d+(?=\s|$|[.,;:)]))/g;
  for (const match of text.matchAll(versioned)) {
    const subject = match[1] ?? "";
    const explicit =
      /\s(?:version|release)\s/.test(match[0]) || /\d\.\d/.test(match[2] ?? "") || /\sv\d/.test(match[0]);
    if (!explicit || SUBJECT_STOPLIST.has(subject.toLowerCase()) || /^\d/.test(subject)) continue;
    add({ kind: "versioned-subject", value: subject });
  }
  return [...found.values()];
}

/** Groups of active discoveries sharing at least one anchor; pairs sharing several anchors form one group. */
export function findCandidateGroups(state: ProtectState): CandidateGroup[] {
  const byAnchor = new Map<string, { anchor: Anchor; ids: string[] }>();
  for (const item of state.items) {
    if (!state.discoveryItemIds.includes(item.id)) continue;
    if ((state.discoveryLifecycle[item.id]?.status ?? "active") !== "active") continue;
    for (const anchor of anchorsOf(item.content)) {
      const key = `${anchor.kind}\u0000${anchor.value}`;
      const slot = byAnchor.get(key) ?? { anchor, ids: [] };
      slot.ids.push(item.id);
      byAnchor.set(key, slot);
    }
  }
  const groups = new Map<string, CandidateGroup>();
  for (const { anchor, ids } of byAnchor.values()) {
    if (ids.length < 2) continue;
    const key = ids.join("\u0000");
    const group = groups.get(key) ?? { anchors: [], ids };
    group.anchors.push(anchor);
    groups.set(key, group);
  }
  return [...groups.values()];
}
