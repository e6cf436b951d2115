// The one sentence a user reads after a verified compaction: what happened to the model's summary in plain
// words ("summary kept", "1 line corrected: …", "model failed: built from the session alone"), the model's own
// coverage of the extracted facts and after repair, and the model calls it cost. Also the summary's title.
import type { SummaryChange } from "./repair.ts";

export interface NoticeInput {
  outcome: "synthesized" | "patched" | "model-patched" | "floor";
  failure: string | null;
  /** Share of extracted facts the model's first summary stated (null when no model answered). */
  modelCoverage: number | null;
  coverage: number;
  changes: readonly SummaryChange[];
  modelCalls: number;
  gapsLeft: number;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const quote = (text: string) => `"${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`;

const RESTORED: Record<string, string> = {
  "a rule the user set was missing": "rule",
  "a decision the user made was missing": "decision",
  "the goal was missing": "goal",
  "a file the session touched was missing": "file",
  "an unresolved error was missing": "error",
  "an open loop was missing": "open loop",
};

/** "1 line corrected: "All tests pass." (the latest run of npm test failed); 1 rule restored". */
function whatChanged(changes: readonly SummaryChange[]): string {
  const parts: string[] = [];
  const fixed = changes.filter((c) => c.action !== "added");
  if (fixed.length > 0) {
    const first = fixed[0] as SummaryChange;
    const verb = fixed.every((c) => c.action === "removed") ? "removed" : "corrected";
    parts.push(
      `${plural(fixed.length, "line")} ${verb}: ${quote(first.text)} (${first.why})${fixed.length > 1 ? ", …" : ""}`,
    );
  }
  const restored = new Map<string, number>();
  for (const c of changes.filter((ch) => ch.action === "added")) {
    const noun = RESTORED[c.why] ?? "line";
    restored.set(noun, (restored.get(noun) ?? 0) + 1);
  }
  for (const [noun, n] of restored) parts.push(`${plural(n, noun)} restored`);
  return parts.join("; ");
}

export function outcomeWords(input: NoticeInput): string {
  if (input.outcome === "floor")
    return input.failure === "no-model"
      ? "no model available: built from the session alone"
      : `model failed (${input.failure ?? "unusable answer"}): built from the session alone`;
  if (input.changes.length === 0) return "summary kept";
  return whatChanged(input.changes);
}

/** The notification text, without the `keel:` prefix. */
export function verifiedNotice(input: NoticeInput, mode: string): string {
  const coverage =
    input.modelCoverage === null || input.outcome === "floor"
      ? `coverage ${pct(input.coverage)} from the extraction`
      : input.modelCoverage === input.coverage
        ? `coverage ${pct(input.coverage)}`
        : `coverage ${pct(input.modelCoverage)} in the model's summary, ${pct(input.coverage)} after repair`;
  const left = input.gapsLeft > 0 ? ` · ${plural(input.gapsLeft, "gap")} left` : "";
  return `verified compaction (${mode}): ${outcomeWords(input)} · ${coverage}${left} · ${plural(input.modelCalls, "model call")}`;
}

/** The summary's first line: strategy, mode, outcome and honest coverage. */
export function summaryTitle(input: NoticeInput, mode: string): string {
  const coverage =
    input.outcome === "floor"
      ? "built from the session alone"
      : input.modelCoverage !== null && input.modelCoverage !== input.coverage
        ? `coverage ${pct(input.modelCoverage)}, ${pct(input.coverage)} after repair`
        : `coverage ${pct(input.coverage)}`;
  return `# keel summary (verified, ${mode}, ${input.outcome}, ${coverage})`;
}
