// Text hygiene for everything guard stores or injects: one line, no control characters, a hard length cap.

/** Collapses whitespace and control characters to single spaces and caps the length with an ellipsis. */
export function oneLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** A short kebab-case slug for rule ids. */
export function slug(text: string, max = 40): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, max).replace(/-+$/, "") || "rule";
}
