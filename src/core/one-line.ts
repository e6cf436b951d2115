// One line of text for anything stored, injected or shown in a list: no control characters, a hard length cap.
// Shared by guard, recall, compaction and install; it knows none of them.

/** Collapses whitespace and control characters to single spaces and caps the length with an ellipsis. */
export function oneLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}
