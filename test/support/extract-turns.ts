// Extraction of a conversation written as alternating user / assistant turns, for the goal and rule tests.
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { classifySentence, extractBranch, sentencesOf } from "../../src/compact/verified/extract/index.ts";
import type { Extraction } from "../../src/compact/verified/extract/types.ts";
import type { BranchEntry } from "../../src/session/entries.ts";

const CWD = "/home/dev/app";

/** The extraction of alternating user / assistant turns, the user first. */
export function extractTurns(...turns: string[]): Extraction {
  const b = createSessionBuilder({ cwd: CWD });
  for (const [i, text] of turns.entries()) {
    if (i % 2 === 0) b.user(text);
    else b.assistant({ text });
  }
  return extractBranch(b.entries as unknown as BranchEntry[], { cwd: CWD });
}

/** The session goal of alternating user / assistant turns. */
export const goalOf = (...turns: string[]): string | null => extractTurns(...turns).goal;

/** The class of each sentence of one user message, read on its own. */
export const classesOf = (text: string) => sentencesOf(text).map((s) => classifySentence(s).kind);

/** True when one of the extracted items holds `piece`, ignoring case. */
export const holds = (items: { text: string }[], piece: string): boolean =>
  items.some((i) => i.text.toLowerCase().includes(piece.toLowerCase()));

/** The rules extracted when `said` follows an opening ask and the assistant's short reply. */
export const rulesAfter = (open: string, said: string, reply = "Sure."): Extraction["constraints"] =>
  extractTurns(open, reply, said).constraints;

/** Whether `said`, after an opening ask and a short reply, comes out as a rule holding its words (full stop aside). */
export const heldAsRule = (open: string, said: string, reply = "Sure."): boolean =>
  holds(rulesAfter(open, said, reply), said.replace(/\.$/, ""));

/** The sentences of `said` that are not read as `held` (a rule, or no rule) after the opening ask: empty when all are. */
export const misreadRules = (open: string, said: string[], held: boolean): string[] =>
  said.filter((s) => heldAsRule(open, s) !== held);
