// Text hygiene for everything guard stores or injects: one line (core/one-line.ts) and rule-id slugs.

export { oneLine } from "../core/one-line.ts";

/** A short kebab-case slug for rule ids. */
export function slug(text: string, max = 40): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, max).replace(/-+$/, "") || "rule";
}
