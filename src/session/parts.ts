// The unconnected parts of a session file: entries grouped by the root their parent chain reaches. A part's
// root has no parent, names itself, or names a parent that is not in the file (pi's tree view shows such
// orphans as extra roots). Each part's default leaf is its last entry in file order, as pi's is for the file.
// Pure: works on the parsed session; walking one branch stays in branch.ts.
import type { BranchEntry } from "./entries.ts";
import type { ParsedSession } from "./parse.ts";

export interface SessionPart {
  /** Where the part starts: a root, or an entry whose parent is not in the file. */
  rootId: string;
  /** The parent the root names that is missing from the file (undefined for a true root). */
  missingParentId?: string;
  /** The part's last entry in file order: where its branch is walked from by default. */
  leafId: string;
  /** Entries in the part, side branches included. */
  entries: number;
}

/** The parts in the order their first entry appears in the file. */
export function findParts(session: Pick<ParsedSession, "entries" | "byId">): SessionPart[] {
  const partOf = new Map<string, SessionPart>();
  const parts: SessionPart[] = [];
  for (const entry of session.entries) {
    if (session.byId.get(entry.id) !== entry) continue; // a duplicate id: the later copy counts
    const part = partFor(entry, session.byId, partOf, parts);
    part.leafId = entry.id;
    part.entries++;
  }
  return parts;
}

function partFor(
  entry: BranchEntry,
  byId: ReadonlyMap<string, BranchEntry>,
  partOf: Map<string, SessionPart>,
  parts: SessionPart[],
): SessionPart {
  const path: string[] = [];
  const onPath = new Set<string>();
  let current = entry;
  let part: SessionPart | undefined;
  while (part === undefined) {
    part = partOf.get(current.id);
    if (part) break;
    path.push(current.id);
    onPath.add(current.id);
    const parentId = current.parentId;
    const parent = parentId === null ? undefined : byId.get(parentId);
    if (parent === undefined || parent === current || onPath.has(parent.id)) {
      // A root, an orphan, or a cycle: the entry reached last starts a new part.
      const missing = parentId !== null && parent === undefined ? parentId : undefined;
      part = { rootId: current.id, leafId: current.id, entries: 0 };
      if (missing !== undefined) part.missingParentId = missing;
      parts.push(part);
      break;
    }
    current = parent;
  }
  for (const id of path) partOf.set(id, part);
  return part;
}

/** One line per part for messages: `part 2: d2000001 … d2000002, 2 entries`. */
export function describeParts(parts: readonly SessionPart[]): string[] {
  return parts.map((part, i) => {
    const span = part.rootId === part.leafId ? part.rootId : `${part.rootId} … ${part.leafId}`;
    const orphan =
      part.missingParentId === undefined ? "" : `; its parent ${part.missingParentId} is not in the file`;
    return `part ${i + 1}: ${span}, ${part.entries} ${part.entries === 1 ? "entry" : "entries"}${orphan}`;
  });
}
