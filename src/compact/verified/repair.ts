// Deterministic repair of a summary from its gaps: missing facts are added word for word under their
// canonical section; a false sentence is corrected (when the session says the opposite) or removed on its
// own, and the rest of its line and of the summary stays; invented paths are marked. Every change is
// returned with why. Idempotent: repairing a repaired summary changes nothing.
import type { Extraction } from "./extract/types.ts";
import { addToSection, bullet, errorLine, type SectionName } from "./sections.ts";
import type { Gap } from "./verify.ts";

export interface SummaryChange {
  action: "added" | "removed" | "corrected";
  /** The line added, or the sentence removed or corrected, as written. */
  text: string;
  /** What replaced a corrected sentence. */
  replacement?: string;
  why: string;
}

export interface Patched {
  text: string;
  changes: SummaryChange[];
}

const WHY: Partial<Record<Gap["kind"], string>> = {
  "missing-goal": "the goal was missing",
  "missing-constraint": "a rule the user set was missing",
  "missing-decision": "a decision the user made was missing",
  "missing-file": "a file the session touched was missing",
  "missing-error": "an unresolved error was missing",
  "missing-open-loop": "an open loop was missing",
};

function fileLine(path: string, x: Extraction): string {
  if (x.files.deleted.includes(path)) return `- deleted: ${path}`;
  if (x.files.modified.includes(path)) return `- modified: ${path}`;
  return `- read: ${path}`;
}

function additionOf(gap: Gap, x: Extraction): [SectionName, string] | null {
  if (gap.kind === "missing-goal") return ["Goal", gap.item];
  if (gap.kind === "missing-constraint") return ["Constraints", bullet(gap.item)];
  if (gap.kind === "missing-decision") return ["Decisions", bullet(gap.item)];
  if (gap.kind === "missing-file") return ["Files", fileLine(gap.item, x)];
  if (gap.kind === "missing-open-loop") return ["Open loops", bullet(gap.item)];
  if (gap.kind === "missing-error") {
    const error = x.errors.find((e) => e.command === gap.item);
    return error ? ["Open loops", errorLine(error)] : null;
  }
  return null;
}

/** The summary with one false sentence corrected or taken out of its line; an emptied line goes too. */
function dropSentence(lines: string[], gap: Gap, changes: SummaryChange[]): string[] {
  const at = lines.findIndex((l) => l.includes(gap.item));
  if (at === -1) return lines;
  const line = lines[at] as string;
  const replacement = gap.correction ?? "";
  const edited = line
    .replace(gap.item, replacement)
    .replace(/\s{2,}/g, " ")
    .trimEnd();
  const empty = edited.replace(/^\s*([-*+]|\d+[.)])?\s*/, "").trim() === "";
  changes.push({
    action: gap.correction ? "corrected" : "removed",
    text: gap.item,
    ...(gap.correction ? { replacement: gap.correction } : {}),
    why:
      gap.why ??
      (gap.kind === "contradiction" ? "the session says otherwise" : "nothing in the session backs it"),
  });
  return empty ? lines.filter((_, i) => i !== at) : lines.map((l, i) => (i === at ? edited : l));
}

export function patchSummary(summary: string, gaps: readonly Gap[], x: Extraction): Patched {
  const changes: SummaryChange[] = [];
  let lines = summary.split("\n");
  for (const gap of gaps)
    if (gap.kind === "unsupported-claim" || gap.kind === "contradiction")
      lines = dropSentence(lines, gap, changes);
  let text = lines.join("\n");
  for (const gap of gaps)
    if (gap.kind === "fabricated-path" && text.includes(gap.item)) {
      text = text.split(gap.item).join("[unverified path]");
      changes.push({
        action: "corrected",
        text: gap.item,
        replacement: "[unverified path]",
        why: "no such path in the session",
      });
    }
  const bySection = new Map<SectionName, string[]>();
  for (const gap of gaps) {
    const addition = additionOf(gap, x);
    if (!addition) continue;
    const [section, line] = addition;
    bySection.set(section, [...(bySection.get(section) ?? []), line]);
    changes.push({ action: "added", text: line, why: WHY[gap.kind] ?? gap.kind });
  }
  for (const [section, added] of bySection) text = addToSection(text, section, added);
  return { text, changes };
}
