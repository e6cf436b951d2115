// Counted nouns in people's words: "1 entry", "2 entries", "0 rules". Numbers are shown as given (callers that
// group digits pass the formatted text as `shown`).

/** `count` with the singular or plural noun; the plural defaults to the singular plus "s". */
export function counted(
  count: number,
  singular: string,
  plural = `${singular}s`,
  shown = String(count),
): string {
  return `${shown} ${count === 1 ? singular : plural}`;
}
