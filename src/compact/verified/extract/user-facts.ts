// Rules, decisions, goal candidates and follow-ups from one user message, sentence by sentence.
import { classifySentence } from "./rules.ts";
import { sentencesOf } from "./sentences.ts";
import type { DecisionFact, RuleFact } from "./types.ts";

export interface UserFacts {
  rules: RuleFact[];
  decisions: DecisionFact[];
  /** The request sentences joined, or null when the message asks for nothing new (acks, rules only). */
  goal: string | null;
  followUps: string[];
}

const GOAL_CHARS = 500;
const FOLLOW_UP =
  /\b(later|afterwards|at some point|eventually|todo|to-do|follow[- ]up|next time|once (that|this|it)('s| is) (done|merged|fixed))\b/i;

export function factsOfUserMessage(text: string, entryId: string): UserFacts {
  const facts: UserFacts = { rules: [], decisions: [], goal: null, followUps: [] };
  if (text.trimStart().startsWith("/")) return facts;
  const goalParts: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const cls = classifySentence(sentence);
    if (cls.kind === "constraint" || cls.kind === "preference")
      facts.rules.push({ text: sentence.text, kind: cls.kind, cue: cls.cue, entryId });
    else if (cls.kind === "decision")
      facts.decisions.push({ text: sentence.text, marker: cls.marker, entryId });
    else if (
      cls.kind === "plain" &&
      sentence.text.split(/\s+/).filter((w) => /[A-Za-z]{2,}/.test(w)).length >= 2
    ) {
      goalParts.push(sentence.text);
      if (FOLLOW_UP.test(sentence.text)) facts.followUps.push(sentence.text);
    }
  }
  const goal = goalParts.join(" ");
  if (goal.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length >= 2)
    facts.goal = goal.length > GOAL_CHARS ? `${goal.slice(0, GOAL_CHARS)}…` : goal;
  return facts;
}
