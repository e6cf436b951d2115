// Finding `custom` entries (records an extension appends with pi's appendEntry) by their customType.
// Pure and tolerant: entries read from disk may be junk, so nothing is trusted before it is checked.

/** A `custom` entry as keel reads it: its data is whatever the file holds. */
export interface CustomRecord {
  type: "custom";
  customType: string;
  data?: unknown;
}

/** Whether the entry is a `custom` entry of the given customType. */
export function isCustomEntry(entry: unknown, customType: string): entry is CustomRecord {
  if (entry === null || typeof entry !== "object") return false;
  const raw = entry as { type?: unknown; customType?: unknown };
  return raw.type === "custom" && raw.customType === customType;
}

/** The last `custom` entry of the given customType on the branch, or undefined. */
export function latestCustomEntry(branch: readonly unknown[], customType: string): CustomRecord | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (isCustomEntry(entry, customType)) return entry;
  }
  return undefined;
}
