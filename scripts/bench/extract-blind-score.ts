// Scoring for a blind set (test/fixtures/blind/ from round three, test/fixtures/blind2/ and blind3/ from round four, blind4/ from round five, blind5/ from round six, blind6/ from round seven, blind7/, blind8/ and blind9/ from round eight, blind10/ from round eleven, blind11/ from round twelve, blind12/ from round thirteen, blind13/ from round fourteen, blind14/ from round sixteen, blind15/ and blind16/ from round seventeen, blind17/ from round nineteen, blind18/ from round twenty, blind19/ from round twenty-one, blind20/ to blind89/ from round twenty-two on, each
// written by an engineer who never read the classifier): its sentences through the sentence scorer, and its sessions through the whole extraction. A
// session's goal is right when it contains the label; a labelled rule or choice is found when an extracted
// constraint or decision contains it (an item holding a label counts as a true positive, one holding none as a
// false one); a look-alike negative inside an extracted item is a negative taken. Scored only, until it is seen.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractBranch } from "../../src/compact/verified/extract/index.ts";
import {
  type HalfScore,
  type Row,
  scoreRows,
  type Tally,
  tallyContained,
} from "./extract-sentences-score.ts";
import { branchOfWritten, type WrittenSession } from "./extract-sessions-score.ts";

const FIXTURES = join(import.meta.dirname, "../../test/fixtures");

interface BlindSession extends Omit<WrittenSession, "half"> {
  constraints: string[];
  decisions: string[];
  negatives: string[];
}

export interface BlindScore {
  sentences: HalfScore;
  sessions: { goal: Tally; constraint: Tally; decision: Tally; negativesTaken: number; negatives: number };
  count: number;
}

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .replace(/[.!?\s]+$/, "")
    .trim();

const lines = (dir: string, file: string) =>
  readFileSync(join(FIXTURES, dir, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));

/** True when the blind set `dir` (a folder of test/fixtures/) is in the tree. */
export function hasBlindSet(dir = "blind"): boolean {
  const at = join(FIXTURES, dir);
  return existsSync(join(at, "extract-sessions.jsonl")) && existsSync(join(at, "extract-sentences.jsonl"));
}

export type SessionScore = BlindScore["sessions"];

/** Whole-session scores of any file of labelled sessions (goal, rules, choices, look-alike negatives). */
export function scoreLabelledSessions(file: string): { sessions: SessionScore; count: number } {
  const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });
  const sessions = { goal: tally(), constraint: tally(), decision: tally(), negativesTaken: 0, negatives: 0 };
  const all = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as BlindSession);
  for (const s of all) {
    const x = extractBranch(branchOfWritten({ ...s, half: "held-out" }), { cwd: "/home/dev/app" });
    if (x.goal !== null && norm(x.goal).includes(norm(s.goal))) sessions.goal.tp++;
    else {
      if (x.goal !== null) sessions.goal.fp++;
      sessions.goal.fn++;
    }
    const rules = x.constraints.map((c) => c.text);
    const choices = x.decisions.map((d) => d.text);
    tallyContained(sessions.constraint, rules, s.constraints, true);
    tallyContained(sessions.decision, choices, s.decisions, true);
    const taken = [...rules, ...choices].map(norm);
    for (const n of s.negatives) {
      sessions.negatives++;
      if (taken.some((g) => g.includes(norm(n)))) sessions.negativesTaken++;
    }
  }
  return { sessions, count: all.length };
}

export function scoreBlind(dir = "blind"): BlindScore {
  const sentences = scoreRows(lines(dir, "extract-sentences.jsonl") as Row[]);
  return { sentences, ...scoreLabelledSessions(join(FIXTURES, dir, "extract-sessions.jsonl")) };
}
