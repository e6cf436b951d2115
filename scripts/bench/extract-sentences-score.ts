// Scoring for the sentence corpus (test/fixtures/extract-sentences/): each labelled sentence classified on its
// own (with the assistant question it answers), and the same sentences composed into pi-shaped sessions
// (multi-part messages, rule lists, a goal stated first or implied by the first task, a new goal later)
// scored through the whole extraction. Shared by the bench and the corpus test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractBranch } from "../../src/compact/verified/extract/index.ts";
import { classifySentence } from "../../src/compact/verified/extract/rules.ts";
import { sentencesOf } from "../../src/compact/verified/extract/sentences.ts";
import type { BranchEntry } from "../../src/session/entries.ts";
import { createSessionBuilder } from "../fixtures/session-builder.ts";

export interface Row {
  label: "constraint" | "decision" | "goal" | "request" | "negative" | "other";
  text: string;
  why?: string;
  prev?: string;
}
/** The round-three halves, round five's hard negatives with their look-alike rules, and round six's rules whose
 * verb is in no list with their look-alike descriptions. */
export type Half = "tune" | "held-out" | "hard-tune" | "hard-held-out" | "pos-tune" | "pos-held-out";
export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}
export interface HalfScore {
  sentences: Record<"constraint" | "decision" | "goal" | "request", Tally>;
  negativesTaken: number;
  negatives: number;
  misses: string[];
  sessions: { constraint: Tally; decision: Tally; goal: Tally; count: number };
}

const DIR = join(import.meta.dirname, "../../test/fixtures/extract-sentences");
const KINDS = ["constraint", "decision", "goal", "request"] as const;
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });
const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/^\s*[-*]\s+/, "")
    .replace(/\s+/g, " ")
    .replace(/[.!?\s]+$/, "")
    .trim();

export function readHalf(half: Half): Row[] {
  return readFileSync(join(DIR, `${half}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);
}

/** The kind the classifier gives a corpus row: its strongest sentence wins. */
export function predictRow(row: Row): Row["label"] {
  const kinds = sentencesOf(row.text).map((s) => classifySentence(s, { prev: row.prev }).kind);
  if (kinds.includes("constraint") || kinds.includes("preference")) return "constraint";
  for (const k of ["decision", "goal", "request"] as const) if (kinds.includes(k)) return k;
  return kinds.includes("negative") ? "negative" : "other";
}

function scoreSentences(rows: Row[], score: HalfScore): void {
  for (const row of rows) {
    const got = predictRow(row);
    for (const k of KINDS) {
      if (got === k && row.label === k) score.sentences[k].tp++;
      else if (got === k) score.sentences[k].fp++;
      else if (row.label === k) score.sentences[k].fn++;
    }
    if (row.label === "negative") {
      score.negatives++;
      if (got === "constraint" || got === "decision") score.negativesTaken++;
    }
    if (got !== row.label && !(row.label === "negative" && got === "other"))
      score.misses.push(`${row.label}→${got}: ${row.text}`);
  }
}

interface Composed {
  branch: BranchEntry[];
  goal: string;
  constraints: string[];
  decisions: string[];
}

/** Builds pi-shaped sessions from one half: every row is used once; labels follow from the rows. */
export function composeSessions(rows: Row[]): Composed[] {
  const pool = (label: Row["label"]) => rows.filter((r) => r.label === label);
  const goals = pool("goal");
  const requests = pool("request");
  const rest = rows.filter((r) => r.label !== "goal" && r.label !== "request");
  const out: Composed[] = [];
  const per = 9;
  for (let s = 0; s * per < rest.length; s++) {
    const b = createSessionBuilder({ cwd: "/home/dev/app" });
    const body = rest.slice(s * per, (s + 1) * per);
    const opener = s % 2 === 0 ? goals.shift() : requests.shift();
    let goal = opener?.text ?? "";
    if (opener) b.user(opener.text);
    b.assistant({ text: "On it. I looked at the code." });
    body.forEach((row, i) => {
      if (row.prev) b.assistant({ text: `Before I go on: ${row.prev}` });
      if (i % 4 === 3 && !row.prev && row.label === "constraint")
        b.user(`A few things for this work:\n- ${row.text}\n- Thanks for the patience.`);
      else if (i % 3 === 1 && !row.prev) {
        const step = requests.shift();
        b.user(step ? `${row.text} ${step.text}` : row.text);
      } else b.user(row.text);
      b.assistant({ text: "Understood, continuing." });
    });
    if (s % 3 === 2 && goals.length > 0) {
      const next = goals.shift() as Row;
      b.user(next.text);
      goal = next.text;
    }
    out.push({
      branch: b.entries as unknown as BranchEntry[],
      goal,
      constraints: body.filter((r) => r.label === "constraint").map((r) => r.text),
      decisions: body.filter((r) => r.label === "decision").map((r) => r.text),
    });
  }
  return out;
}

/** Extracted items that match a label are true positives, the rest false; labels nothing matches are misses.
 * By default a label (a whole corpus row) contains the extracted sentence; `itemHoldsLabel` turns it round for
 * labels that are a piece of what the user said (the blind set). */
export function tallyContained(t: Tally, got: string[], want: string[], itemHoldsLabel = false): void {
  const wanted = want.map(norm);
  const gotten = got.map(norm);
  const match = (g: string, w: string) => (itemHoldsLabel ? g.includes(w) : w.includes(g));
  for (const g of gotten)
    if (wanted.some((w) => match(g, w))) t.tp++;
    else t.fp++;
  for (const w of wanted) if (!gotten.some((g) => match(g, w))) t.fn++;
}

function scoreSessions(rows: Row[], score: HalfScore): void {
  for (const session of composeSessions(rows)) {
    const x = extractBranch(session.branch, { cwd: "/home/dev/app" });
    score.sessions.count++;
    tallyContained(
      score.sessions.constraint,
      x.constraints.map((c) => c.text),
      session.constraints,
    );
    // A go-ahead is kept with the suggestion it takes ("do that (I could add an index.)"); the row holds only
    // the user's words.
    tallyContained(
      score.sessions.decision,
      x.decisions.map((d) => d.text.replace(/ \([^()]*\)$/, "")),
      session.decisions,
    );
    const hit = x.goal !== null && session.goal !== "" && norm(x.goal).includes(norm(session.goal));
    if (hit) score.sessions.goal.tp++;
    else {
      if (x.goal !== null) score.sessions.goal.fp++;
      if (session.goal !== "") score.sessions.goal.fn++;
    }
  }
}

export function scoreHalf(half: Half): HalfScore {
  return scoreRows(readHalf(half));
}

/** Sentence and composed-session scores of any rows in the corpus format (a half, or the blind set). */
export function scoreRows(rows: Row[]): HalfScore {
  const score: HalfScore = {
    sentences: { constraint: tally(), decision: tally(), goal: tally(), request: tally() },
    negativesTaken: 0,
    negatives: 0,
    misses: [],
    sessions: { constraint: tally(), decision: tally(), goal: tally(), count: 0 },
  };
  scoreSentences(rows, score);
  scoreSessions(rows, score);
  return score;
}

export const precision = (t: Tally) => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
export const recall = (t: Tally) => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));
