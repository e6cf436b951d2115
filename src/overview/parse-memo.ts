// Work done once per parsed session instead of once per request: a value computed from a parse is kept beside it
// (weakly, so it goes when the parse does) under a key, and computed again when the parse grows. The UI keeps the
// last few parses while their files are unchanged (session-view.ts), so every view of one file shares this work.

/** The most keys one parse keeps; the least recently used goes first (branch walks per picked leaf add up). */
const KEPT_KEYS = 32;
const memos = new WeakMap<object, { count: number; values: Map<string, unknown> }>();

/** `compute()` once per parse, key and entry count; later calls with the same three get the same value. */
export function rememberForParse<T>(
  session: { entries: readonly unknown[] },
  key: string,
  compute: () => T,
): T {
  let kept = memos.get(session);
  if (!kept || kept.count !== session.entries.length) {
    kept = { count: session.entries.length, values: new Map() };
    memos.set(session, kept);
  }
  if (kept.values.has(key)) {
    const value = kept.values.get(key) as T;
    kept.values.delete(key);
    kept.values.set(key, value);
    return value;
  }
  const value = compute();
  kept.values.set(key, value);
  while (kept.values.size > KEPT_KEYS) kept.values.delete(kept.values.keys().next().value as string);
  return value;
}
