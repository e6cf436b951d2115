// Hygiene status rebuilt from the branch: outputs keel trimmed that are still replaced, the characters that
// saved, the active checkpoint, the settings. Used by keel_context status, /keel trim and the status line.

import { counted } from "../../core/plural.ts";
import type { BranchScan } from "./branch-scan.ts";

export interface HygieneStatus {
  trimmedOutputs: number;
  savedChars: number;
  batches: number;
  checkpoint: string | null;
  auto: boolean;
  spill: boolean;
}

export function hygieneStatus(scan: BranchScan): HygieneStatus {
  let trimmedOutputs = 0;
  let savedChars = 0;
  const inWindow = new Set<string>();
  for (let i = scan.windowStart; i < scan.entries.length; i++) inWindow.add(scan.entries[i]!.id);
  for (const trim of scan.trims) {
    const live = trim.targets.filter((t) => {
      const edit = scan.edits.get(t);
      return edit !== undefined && edit !== null && inWindow.has(t);
    }).length;
    trimmedOutputs += live;
    if (trim.targets.length > 0) savedChars += Math.round((trim.savedChars * live) / trim.targets.length);
  }
  return {
    trimmedOutputs,
    savedChars,
    batches: scan.trims.length,
    checkpoint: scan.checkpoint?.id ?? null,
    auto: scan.settings.auto,
    spill: scan.settings.spill,
  };
}

const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/** The short status-line text; empty when nothing was trimmed. */
export function renderSavings(status: HygieneStatus): string {
  if (status.trimmedOutputs === 0) return "";
  return `trim: ${counted(status.trimmedOutputs, "output")}, ${k(status.savedChars)} chars saved`;
}

export function renderStatus(status: HygieneStatus): string {
  return [
    `trimmed outputs in context: ${status.trimmedOutputs} (${status.savedChars} chars saved, ${status.batches} batches)`,
    `checkpoint: ${status.checkpoint ?? "none"}`,
    `automatic trimming: ${status.auto ? "on" : "off"}; artifact spill: ${status.spill ? "on" : "off"}`,
  ].join("\n");
}
