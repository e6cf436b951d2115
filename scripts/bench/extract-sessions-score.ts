// Scoring for the hand-written whole sessions (test/fixtures/extract-sessions/): each session built as a pi
// branch and extracted; the goal is right when it contains the labelled goal. Tune and held-out halves apart.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractBranch } from "../../src/compact/verified/extract/index.ts";
import type { BranchEntry } from "../../src/session/entries.ts";
import { createSessionBuilder } from "../fixtures/session-builder.ts";
import type { Half, Tally } from "./extract-sentences-score.ts";

export interface WrittenSession {
  id: string;
  half: Half;
  voice: string;
  messages: { role: "user" | "assistant"; text: string }[];
  goal: string;
}

const DIR = join(import.meta.dirname, "../../test/fixtures/extract-sessions");
/** The first batches (w01–w124, tune and held-out) and round four's batch (x01–, all tune, written before its
 * rule change: scored apart so its first figure stays readable). */
export type WrittenFile = "sessions" | "round4";
const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!?\s]+$/, "")
    .trim();

export function readWrittenSessions(half: Half, file: WrittenFile = "sessions"): WrittenSession[] {
  return readFileSync(join(DIR, `${file}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as WrittenSession)
    .filter((s) => s.half === half);
}

export function branchOfWritten(session: WrittenSession): BranchEntry[] {
  const b = createSessionBuilder({ cwd: "/home/dev/app" });
  for (const m of session.messages) {
    if (m.role === "user") b.user(m.text);
    else b.assistant({ text: m.text });
  }
  return b.entries as unknown as BranchEntry[];
}

/** Goal precision/recall over one half, and the sessions it got wrong (for the tune half only). */
export function scoreWrittenGoals(
  half: Half,
  file: WrittenFile = "sessions",
): { goal: Tally; count: number; misses: string[] } {
  const goal: Tally = { tp: 0, fp: 0, fn: 0 };
  const misses: string[] = [];
  const sessions = readWrittenSessions(half, file);
  for (const s of sessions) {
    const got = extractBranch(branchOfWritten(s), { cwd: "/home/dev/app" }).goal;
    if (got !== null && norm(got).includes(norm(s.goal))) goal.tp++;
    else {
      if (got !== null) goal.fp++;
      goal.fn++;
      misses.push(`${s.id} (${s.voice}): got ${JSON.stringify(got)}`);
    }
  }
  return { goal, count: sessions.length, misses };
}
