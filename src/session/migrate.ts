// Reading older pi session formats with the meaning pi gives them when it loads a file (its SessionManager
// migrates v1 → v2 → v3 in memory): version 1 has no ids, so every entry gets one and is chained to the entry
// before it, and a compaction's `firstKeptEntryIndex` (an index into pi's parsed lines, header included) becomes
// `firstKeptEntryId`; versions below 3 call extension messages `hookMessage`, which pi renames to `custom`.
// Applied entry by entry while streaming, so parse.ts never holds the file. Ids here are keel's own
// (`line-<n>`, stable across reads) where pi draws random ones; parents and boundaries match pi's.

/** The format version pi writes today. */
export const CURRENT_FORMAT_VERSION = 3;

type Loose = Record<string, unknown>;

export interface Migration {
  /** The version the header states, read the way pi reads it (absent means 1). */
  version: number;
  /** Gives one parsed entry (not a header) its current-format shape, in place. `index` counts pi's entries. */
  apply(value: Loose, index: number, lineNumber: number): void;
  /** A line pi counts but keeps out of the tree (a later session header): it can never be a boundary. */
  skip(index: number): void;
}

/** The migration a file needs, from its header; without a header nothing is migrated (pi refuses such files). */
export function migrationFor(header: Loose | null): Migration {
  const stated = header === null ? CURRENT_FORMAT_VERSION : (header.version ?? 1);
  // pi compares the raw field; a non-number that does not compare stays unmigrated, as in pi.
  const below = (limit: number) => header !== null && (stated as number) < limit;
  const legacyIds = below(2);
  const hookRole = below(3);
  const version = typeof stated === "number" ? stated : Number(stated) || CURRENT_FORMAT_VERSION;
  const idAtIndex: (string | undefined)[] = [];
  let previousId: string | null = null;
  return {
    version,
    apply(value, index, lineNumber) {
      if (legacyIds) {
        const id = `line-${lineNumber}`;
        value.id = id;
        value.parentId = previousId;
        previousId = id;
        idAtIndex[index] = id;
        if (value.type === "compaction") translateIndexBoundary(value, idAtIndex);
      }
      if (hookRole && value.type === "message") renameHookRole(value);
    },
    skip(index) {
      idAtIndex[index] = undefined;
    },
  };
}

/** pi resolves the index among entries it has already given ids, so only earlier (or the same) entries count. */
function translateIndexBoundary(value: Loose, idAtIndex: readonly (string | undefined)[]): void {
  const index = value.firstKeptEntryIndex;
  if (typeof index !== "number") return;
  const target = Number.isInteger(index) && index >= 0 ? idAtIndex[index] : undefined;
  if (target !== undefined) value.firstKeptEntryId = target;
  delete value.firstKeptEntryIndex;
}

function renameHookRole(value: Loose): void {
  const message = value.message;
  if (message !== null && typeof message === "object" && (message as Loose).role === "hookMessage") {
    (message as Loose).role = "custom";
  }
}
