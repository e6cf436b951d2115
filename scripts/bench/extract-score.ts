// Scoring for the extraction bench: keel's extraction and a naive cue-word baseline, each compared with the
// labels of the corpus in test/fixtures/extract-corpus/ (precision and recall per kind, resolution accuracy).
import type { BranchEntry } from "../../src/session/entries.ts";
import { messageOf, stringField, textOf, toolCallsOf } from "../../src/session/entries.ts";
import type { Labels } from "../fixtures/extract-corpus/compose.ts";

export type { Labels };

/** What either extractor produced, reduced to what is scored: the labels' shape without the negatives. */
export type Scored = Omit<Labels, "negatives">;

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!?\s]+$/, "")
    .trim();
export const emptyTally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });

function tallySets(tally: Tally, got: string[], want: string[]): void {
  const wanted = new Set(want.map(norm));
  const gotten = new Set(got.map(norm));
  for (const g of gotten)
    if (wanted.has(g)) tally.tp++;
    else tally.fp++;
  for (const w of wanted) if (!gotten.has(w)) tally.fn++;
}

export interface Score {
  constraints: Tally;
  decisions: Tally;
  goal: Tally;
  request: Tally;
  files: Tally;
  errors: Tally;
  resolution: { right: number; of: number };
  /** Extracted rules that are (part of) a labelled hard negative. */
  negativesTaken: number;
  negatives: number;
}

export const emptyScore = (): Score => ({
  constraints: emptyTally(),
  decisions: emptyTally(),
  goal: emptyTally(),
  request: emptyTally(),
  files: emptyTally(),
  errors: emptyTally(),
  resolution: { right: 0, of: 0 },
  negativesTaken: 0,
  negatives: 0,
});

/** One labelled text (goal, request): right when what was extracted contains it. */
function tallyContains(tally: Tally, got: string | null, want: string | null): void {
  if (got !== null && want !== null && norm(got).includes(norm(want))) tally.tp++;
  else {
    if (got !== null) tally.fp++;
    if (want !== null) tally.fn++;
  }
}

export function scoreSession(score: Score, got: Scored, want: Labels): void {
  tallySets(score.constraints, got.constraints, want.constraints);
  tallySets(score.decisions, got.decisions, want.decisions);
  const lists = (f: Scored["files"]) => [
    ...f.read.map((p) => `r:${p}`),
    ...f.modified.map((p) => `m:${p}`),
    ...f.deleted.map((p) => `d:${p}`),
  ];
  tallySets(score.files, lists(got.files), lists(want.files));
  tallySets(
    score.errors,
    got.errors.map((e) => e.command),
    want.errors.map((e) => e.command),
  );
  for (const w of want.errors) {
    const g = got.errors.find((e) => e.command === w.command);
    if (!g) continue;
    score.resolution.of++;
    if (g.resolved === w.resolved) score.resolution.right++;
  }
  tallyContains(score.goal, got.goal, want.goal);
  tallyContains(score.request, got.request, want.request);
  score.negatives += want.negatives.length;
  const negs = want.negatives.map(norm);
  score.negativesTaken += [...got.constraints, ...got.decisions].filter((t) =>
    negs.some((n) => n.includes(norm(t))),
  ).length;
}

const CUES =
  /\b(never|don't|do not|always|must|avoid|make sure|keep|prefer|should|under no circumstances|requirement:)/i;
const DECISION_CUES = /\b(decid|decision|going with|settled|choose|go with)/i;
const ERROR_WORDS = /\b(error|failed|fatal|exception|not found|no such file)\b/i;

/** The naive baseline: cue words on every user sentence, error words in outputs, tool-argument paths only. */
export function naiveExtract(branch: readonly BranchEntry[]): Scored {
  const out: Scored = {
    goal: null,
    request: null,
    constraints: [],
    decisions: [],
    files: { read: [], modified: [], deleted: [] },
    errors: [],
  };
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  const results: { key: string; command: string; bad: boolean }[] = [];
  for (const entry of branch) {
    const message = messageOf(entry);
    if (!message) continue;
    if (message.role === "user") {
      const text = textOf(message.content);
      out.goal = text;
      out.request = text;
      for (const s of text.split(/(?<=[.!?])\s+|\n/)) {
        if (DECISION_CUES.test(s)) out.decisions.push(s.trim());
        else if (CUES.test(s)) out.constraints.push(s.trim());
      }
    } else if (message.role === "assistant") {
      for (const call of toolCallsOf(message)) calls.set(call.id, call);
    } else if (message.role === "toolResult") {
      const call = calls.get(stringField(message, "toolCallId") ?? "");
      if (!call) continue;
      const path = typeof call.args.path === "string" ? call.args.path : undefined;
      const command = typeof call.args.command === "string" ? call.args.command : `${call.name} ${path}`;
      results.push({ key: JSON.stringify(call), command, bad: ERROR_WORDS.test(textOf(message.content)) });
      if (path && call.name === "read") out.files.read.push(path);
      if (path && (call.name === "write" || call.name === "edit")) out.files.modified.push(path);
    }
  }
  results.forEach((r, i) => {
    if (r.bad)
      out.errors.push({
        command: r.command,
        resolved: results.slice(i + 1).some((l) => l.key === r.key && !l.bad),
      });
  });
  return out;
}
