// Deterministic repair of a summary from its gaps: missing facts are added word for word under their
// canonical section, unsupported claims and contradicting lines are removed, invented paths are marked.
// Idempotent: repairing a repaired summary changes nothing.
import type { Extraction } from "./extract/types.ts";
import { addToSection, bullet, errorLine, type SectionName } from "./sections.ts";
import type { Gap } from "./verify.ts";

function fileLine(path: string, x: Extraction): string {
  if (x.files.deleted.includes(path)) return `- deleted: ${path}`;
  if (x.files.modified.includes(path)) return `- modified: ${path}`;
  return `- read: ${path}`;
}

function additions(gaps: readonly Gap[], x: Extraction): Map<SectionName, string[]> {
  const out = new Map<SectionName, string[]>();
  const add = (section: SectionName, line: string) => out.set(section, [...(out.get(section) ?? []), line]);
  for (const gap of gaps) {
    if (gap.kind === "missing-goal") add("Goal", gap.item);
    else if (gap.kind === "missing-constraint") add("Constraints", bullet(gap.item));
    else if (gap.kind === "missing-decision") add("Decisions", bullet(gap.item));
    else if (gap.kind === "missing-file") add("Files", fileLine(gap.item, x));
    else if (gap.kind === "missing-open-loop") add("Open loops", bullet(gap.item));
    else if (gap.kind === "missing-error") {
      const error = x.errors.find((e) => e.command === gap.item);
      if (error) add("Open loops", errorLine(error));
    }
  }
  return out;
}

export function patchSummary(summary: string, gaps: readonly Gap[], x: Extraction): string {
  const dropLines = new Set(
    gaps.filter((g) => g.kind === "unsupported-claim" || g.kind === "contradiction").map((g) => g.item),
  );
  let text = summary
    .split("\n")
    .filter((line) => !dropLines.has(line.trim()))
    .join("\n");
  for (const gap of gaps)
    if (gap.kind === "fabricated-path") text = text.split(gap.item).join("[unverified path]");
  for (const [section, lines] of additions(gaps, x)) text = addToSection(text, section, lines);
  return text;
}
