// The canonical sections of a verified summary, reading a summary's `## ` headings, adding lines under a
// section (creating it in canonical order when missing), and the deterministic floor built from the
// extraction alone, which covers every required fact by construction.
import type { Extraction } from "./extract/types.ts";

export const SECTIONS = [
  "Goal",
  "Constraints",
  "Decisions",
  "Progress",
  "Files",
  "Open loops",
  "Changes since last compaction",
  "Next steps",
  "Critical context",
] as const;
export type SectionName = (typeof SECTIONS)[number];

interface Block {
  heading: string | null;
  lines: string[];
}

function blocks(summary: string): Block[] {
  const out: Block[] = [{ heading: null, lines: [] }];
  for (const line of summary.split("\n")) {
    const m = /^##\s+(.+?)\s*$/.exec(line);
    if (m) out.push({ heading: m[1] as string, lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

const canonical = (heading: string | null) =>
  heading === null ? -1 : SECTIONS.findIndex((s) => heading.toLowerCase().startsWith(s.toLowerCase()));

/** The section names a summary has. */
export function sectionsOf(summary: string): SectionName[] {
  return blocks(summary)
    .map((b) => canonical(b.heading))
    .filter((i) => i >= 0)
    .map((i) => SECTIONS[i] as SectionName);
}

/** The summary with `lines` appended under `section` (created in canonical order when missing). */
export function addToSection(summary: string, section: SectionName, lines: string[]): string {
  if (lines.length === 0) return summary;
  const parts = blocks(summary);
  const want = SECTIONS.indexOf(section);
  let target = parts.find((b) => canonical(b.heading) === want);
  if (!target) {
    target = { heading: section, lines: [] };
    const after = parts.findIndex((b) => canonical(b.heading) > want);
    parts.splice(after === -1 ? parts.length : after, 0, target);
  }
  while (target.lines.length > 0 && target.lines.at(-1)?.trim() === "") target.lines.pop();
  target.lines.push(...lines, "");
  return parts
    .map((b) => (b.heading === null ? b.lines.join("\n") : [`## ${b.heading}`, ...b.lines].join("\n")))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export const bullet = (text: string) => `- ${text.replace(/\s*\n\s*/g, " ")}`;

export function fileLines(x: Extraction): string[] {
  return [
    ...x.files.modified.map((p) => `- modified: ${p}`),
    ...x.files.deleted.map((p) => `- deleted: ${p}`),
    ...x.files.read.map((p) => `- read: ${p}`),
  ];
}

export function errorLine(e: Extraction["errors"][number]): string {
  return `- ${e.resolved ? "resolved" : "unresolved"} error: ${e.command.replace(/\s*\n\s*/g, " ")}`;
}

/** A summary from the extraction alone: every required fact, nothing the extraction does not hold. */
export function renderFloor(x: Extraction): string {
  const none = ["- (none recorded)"];
  const changes = x.changes
    ? [
        ...x.changes.newConstraints.map((c) => bullet(`new constraint: ${c}`)),
        ...x.changes.newDecisions.map((d) => bullet(`new decision: ${d}`)),
        ...(x.changes.goalChanged ? ["- the goal changed"] : []),
        ...x.changes.resolvedLoops.map((l) => bullet(`closed: ${l}`)),
      ]
    : [];
  const section = (name: SectionName, lines: string[]) => [
    `## ${name}`,
    ...(lines.length ? lines : none),
    "",
  ];
  return [
    ...section("Goal", x.goal ? [x.goal] : []),
    ...section(
      "Constraints",
      x.constraints.map((c) => bullet(c.text)),
    ),
    ...section(
      "Decisions",
      x.decisions.map((d) => bullet(d.text)),
    ),
    ...section("Progress", x.errors.map(errorLine)),
    ...section("Files", fileLines(x)),
    ...section(
      "Open loops",
      x.openLoops.map((l) => bullet(l.text)),
    ),
    ...(x.changes ? section("Changes since last compaction", changes) : []),
  ]
    .join("\n")
    .trim();
}
