// Ids people can tell apart: like git's abbreviated hashes, each id is shown with the fewest characters (at
// least a minimum) that no other id in the same list shares. Every surface that prints session ids uses it.

/** Length of the common prefix of two strings. */
function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n < max && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/**
 * The shortest unique prefix of each id (at least `min` characters, the whole id when it is shorter or a
 * prefix of another). Sorting puts the ids sharing the longest prefix with each id next to it.
 */
export function abbreviateIds(ids: Iterable<string>, min = 8): Map<string, string> {
  const sorted = [...new Set(ids)].sort();
  const out = new Map<string, string>();
  for (let i = 0; i < sorted.length; i++) {
    const id = sorted[i] as string;
    const before = i > 0 ? commonPrefix(id, sorted[i - 1] as string) : 0;
    const after = i + 1 < sorted.length ? commonPrefix(id, sorted[i + 1] as string) : 0;
    out.set(id, id.slice(0, Math.max(min, before + 1, after + 1)));
  }
  return out;
}

/** A function that abbreviates ids of one list; unknown ids fall back to their first `min` characters. */
export function createIdAbbreviator(ids: Iterable<string>, min = 8): (id: string) => string {
  const short = abbreviateIds(ids, min);
  return (id) => short.get(id) ?? id.slice(0, min);
}
