// An extraction as plain text for the terminal (`keel extract` without --json). Control characters are
// replaced so nothing from a session file can drive the terminal.

import { oneLine } from "../../core/one-line.ts";
import type { Extraction } from "./extract/types.ts";

const safe = (text: string) => oneLine(text, 400);

function list(title: string, items: string[]): string[] {
  return items.length === 0 ? [`${title}: none`] : [`${title}:`, ...items.map((i) => `  - ${safe(i)}`)];
}

export function renderExtraction(x: Extraction): string[] {
  return [
    `Goal: ${x.goal ? safe(x.goal) : "(none)"}`,
    `Current request: ${x.currentRequest ? safe(x.currentRequest) : "(none)"}`,
    ...list(
      "Constraints",
      x.constraints.map((c) => `${c.text} [${c.kind}, ${c.cue}]`),
    ),
    ...list(
      "Decisions",
      x.decisions.map((d) => d.text),
    ),
    ...list("Files modified", x.files.modified),
    ...list("Files deleted", x.files.deleted),
    ...list("Files read", x.files.read),
    ...list(
      "Errors",
      x.errors.map((e) => `${e.command} (${e.resolved ? "resolved" : "unresolved"})`),
    ),
    ...list(
      "Refused (never ran, not errors)",
      x.refused.map((r) => `${r.command} [${r.label}]`),
    ),
    ...list(
      "Open loops",
      x.openLoops.map((l) => l.text),
    ),
    ...list(
      "Earlier summaries (recap, not mined)",
      x.recaps.map((r) => `${r.entryId} by ${r.source}`),
    ),
  ];
}
