// The branches of a session a page can offer to pick from: one per leaf (an entry nothing continues from), newest
// first, each named by the last thing the user said on it and its length, the file's last entry marked as pi's
// current leaf. Bounded: the newest BRANCH_CHOICES leaves and a short walk per name; remembered per parse.
import { messageOf } from "../session/entries.ts";
import type { ParsedSession } from "../session/parse.ts";
import { renderContent } from "../session/render-text.ts";
import { rememberForParse } from "./parse-memo.ts";

export const BRANCH_CHOICES = 50;
const NAME_WALK = 500;
const NAME_CHARS = 60;

export interface BranchChoice {
  leafId: string;
  /** The last user message on the way to the leaf, in short, or the leaf's entry type. */
  name: string;
  timestamp: string | null;
  /** True for the file's last entry: the leaf pi continues from. */
  current: boolean;
}

export interface BranchChoices {
  leaves: number;
  choices: BranchChoice[];
}

/** The choices, worked out once per parse while the file does not grow (the page asks on every view). */
export function listBranchChoices(session: Pick<ParsedSession, "entries" | "byId">): BranchChoices {
  return rememberForParse(session, "branch-choices", () => choicesOf(session));
}

function choicesOf(session: Pick<ParsedSession, "entries" | "byId">): BranchChoices {
  const parents = new Set<string>();
  for (const e of session.entries) if (e.parentId !== null) parents.add(e.parentId);
  const leaves = session.entries.filter((e) => !parents.has(e.id));
  const last = session.entries.at(-1)?.id;
  const choices = leaves
    .slice(-BRANCH_CHOICES)
    .reverse()
    .map((leaf) => ({
      leafId: leaf.id,
      name: nameOf(session, leaf.id),
      timestamp: leaf.timestamp ?? null,
      current: leaf.id === last,
    }));
  return { leaves: leaves.length, choices };
}

function nameOf(session: Pick<ParsedSession, "byId">, leafId: string): string {
  let id: string | null = leafId;
  for (let step = 0; id !== null && step < NAME_WALK; step++) {
    const entry = session.byId.get(id);
    if (!entry) break;
    const message = messageOf(entry);
    if (message?.role === "user") {
      const line = renderContent(message.content).replace(/\s+/g, " ").trim();
      return line.length > NAME_CHARS ? `${line.slice(0, NAME_CHARS - 1)}…` : line;
    }
    id = entry.parentId;
  }
  return `${String(session.byId.get(leafId)?.type ?? "entry")} ${leafId}`;
}
