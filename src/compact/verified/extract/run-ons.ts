// The clauses of a long run-on sentence, read one by one: "what we're doing today is adding refunds, and store
// money as whole cents, and dont add any new packages, and go with the key table option" holds a goal, two rules
// and a choice. Only a sentence long enough to carry several is split: at ", and", at ";", or at "and" before
// a word that forbids or binds ("and don't …"); each clause keeps the user's words. A sentence kept whole as a rule
// still gives the goal said in it; one read as a joke, a quote or a question is left whole. Pure.

import { clauseMarkedAsRule, isImperative } from "./clause.ts";
import type { GoalStrength } from "./goal.ts";
import { classifySentence, type SentenceClass } from "./rules.ts";
import type { Sentence } from "./sentences.ts";
import type { DecisionFact, RuleFact } from "./types.ts";

/** Where a dictated sentence joins its parts: ", and", ";", or a bare "and" before a word that forbids or binds or
 * before someone passing a rule on ("and the committee wants …"). */
const JOINT =
  /,\s+and\s+(?:then\s+)?|;\s+|\s+—\s+and\s+|\s+and\s+(?=(?:don't|do not|never|always|make sure|nothing|no)\s|(?:the|our|my|their) [a-z-]+(?: [a-z-]+)? (?:wants|says|said|insists|requires|asked|demands|needs)\s)/i;
/** Shorter sentences are read whole: they seldom carry two rules. */
const MIN_WORDS = 18;

export interface RunOnFacts {
  rules: Omit<RuleFact, "entryId">[];
  decisions: Omit<DecisionFact, "entryId">[];
  /** The clauses that state the work, when the sentence as a whole reads as something else. */
  goals: { text: string; strength: GoalStrength }[];
}

/** The clauses of a run-on sentence of three words or more, or none when it is not one. */
export function runOnClauses(text: string): string[] {
  if (text.split(/\s+/).length < MIN_WORDS) return [];
  const parts = text
    .split(JOINT)
    .map((t) => t.trim())
    .filter((t) => t.split(/\s+/).length >= 3);
  return parts.length >= 2 ? parts : [];
}

/** The rules and choices said in the clauses of a run-on sentence whose whole reads as something else; `prev`,
 * when the sentence opens the reply, is the assistant's message its first words may answer. */
export function factsOfRunOn(sentence: Sentence, whole: SentenceClass, prev?: string): RunOnFacts {
  const found: RunOnFacts = { rules: [], decisions: [], goals: [] };
  // "assists yes but in a separate column, and our old treasurer used to say …": a story told after the pick.
  const toldAfter = whole.kind === "negative" && (whole.why === "history" || whole.why === "remark");
  if (whole.kind === "negative" && !toldAfter) return found;
  // A sentence kept whole as a rule already holds every rule said in it.
  const kept = whole.kind === "constraint" || whole.kind === "preference";
  // "the job is the dosing controller, …, so dosing stops when the vents open, that's the rule".
  const marked = kept ? null : clauseMarkedAsRule(sentence.text);
  if (marked !== null && marked !== sentence.text)
    found.rules.push({ text: marked, kind: "constraint", cue: "marked" });
  const clauses = runOnClauses(sentence.text);
  // "regional endpoints, raising the timeout would let people cheat, and …": the pick said first, before the
  // reasons and rules the sentence runs on with.
  const [first = "", second = ""] = clauses.length > 0 ? sentence.text.split(/,\s+/) : [];
  // "not yet, payments are a separate project, …": a pick of two words keeps the statement after it.
  const head =
    first.split(/\s+/).length <= 2 && second !== "" && !isImperative(second.toLowerCase())
      ? `${first}, ${second}`
      : first;
  const picked = head !== "" && prev !== undefined && whole.kind !== "decision" ? pickIn(head, prev) : null;
  if (picked) found.decisions.push(picked);
  if (toldAfter) return found;
  for (const clause of clauses) {
    const cls = classifySentence({ text: clause, introducesQuote: false });
    if ((cls.kind === "constraint" || cls.kind === "preference") && !kept)
      found.rules.push({ text: clause, kind: cls.kind, cue: cls.cue });
    else if (cls.kind === "decision" && whole.kind !== "decision" && !kept)
      found.decisions.push({ text: clause, marker: cls.marker });
    else if (cls.kind === "goal" && cls.strength !== "pivot" && whole.kind !== "goal")
      found.goals.push({ text: clause, strength: cls.strength });
  }
  return found;
}

/** The head of a run-on read as the reply to the assistant's message: a pick, or null. */
function pickIn(head: string, prev: string): Omit<DecisionFact, "entryId"> | null {
  if (head.split(/\s+/).length > 14) return null;
  const cls = classifySentence({ text: head, introducesQuote: false }, { prev });
  return cls.kind === "decision" ? { text: head, marker: cls.marker } : null;
}
