// How one sentence of a user message is read against what is around it: the assistant's last words, the
// sentences before it in the message (a pick just made, the user's own "A or B?"), and the list it stands in.
// Shared by user-facts.ts, which walks the message.

import { isImperative } from "./clause.ts";
import { goalReading, isWorkReference, putsAhead } from "./goal.ts";
import { isGoalPivot, isResumedWork } from "./goal-moves.ts";
import { isGoAhead } from "./proposals.ts";
import { classifySentence, type SentenceClass } from "./rules.ts";
import { LIST_ITEM, type Sentence } from "./sentences.ts";
import type { RuleFact, RuleKind } from "./types.ts";

export const GOAL_CHARS = 500;

/** "actually no, wait": the speaker takes back the pick just made in this message. */
export const TAKES_BACK =
  /^((hmm+|oh|um+|erm|uh|ah)[,.]* )?(actually,? no|no,? wait|wait,? no|scratch that|on second thought|hmm,? no)\b[,.:;!—-]*\s*/;
/** "a toggle, people keep …" after "system setting or a toggle?": the head of the clause names an option offered. */
export function namesOption(clause: string, prev: string | undefined): boolean {
  const head = (clause.split(/, | — | - |; /)[0] as string).split(" ");
  const offered = (prev ?? "").toLowerCase();
  return head.length <= 4 && head.some((w) => w.length > 2 && offered.includes(w.replace(/[.!]+$/, "")));
}

/** The assistant asks for the rules to follow ("Any rules I should follow for the rest?"). */
export const ASKS_RULES =
  /\b(rules?|constraints?|requirements?|conventions?|guidelines?|restrictions?|anything (i|we) should (keep in mind|know|avoid|respect))\b[^?]{0,60}\?\s*$/i;

/** "i don't want x", "we never want x": an option refused for the rest of the work. */
export const RULES_OUT = /^(i|we) (do not|don't|never|really don't|really do not) (want|use|allow)\b/;
/** A short remark with no ask in it ("yo, weekend went too fast"), as small talk is when it stands alone. */
export const CHAT_ONLY =
  /^(?!.*\b(can|could|would|will|please|pls|need|want|let's|fix|help)\b)\S+( \S+){0,6}$/;

export interface ListedItem {
  text: string;
  rule: boolean;
  plain: boolean;
}

/** "1. use the cleaned table 2. no pandas 3. numbers rounded to 1 decimal": a plain item in a list of rules is a
 * rule too (at least two rules, and no fewer rules than other items). */
export function itemsAmongRules(items: ListedItem[], entryId: string, prev: string | undefined): RuleFact[] {
  const rules = items.filter((i) => i.rule).length;
  // Numbered answers to the assistant's questions ("1. yes, use redis 2. 10 minutes ttl") are picks.
  const answers =
    ((prev ?? "").includes("?") && !ASKS_RULES.test((prev ?? "").slice(-300))) ||
    items.some((i) => /^(yes|no)[,.!:]/i.test(i.text.replace(LIST_ITEM, "")));
  if (answers || rules < 2 || rules * 2 < items.length) return [];
  return items
    .filter((i) => i.plain)
    .map((i) => ({ text: i.text, kind: "constraint", cue: "listed", entryId }));
}

/** "keeps it simple", "easier to debug", "because …": why the pick before it was made. */
export const GIVES_REASON =
  /^(keeps|makes|it's|its|it is|that's|that is|easier|simpler|faster|cheaper|safer|cleaner|less|fewer|more|better|because|since|cause|'cause)\b/;
/** Words after a pick that go on with the work rather than set a rule ("…, and then run the tests"). */
const NEXT_STEP = /^(then|now|next|after that|let me know|tell me|show me|ping me|thanks)\b/;

/** "count them in a metric, and log the first 100 bytes", "live against the registry, but if it is down, allow
 * the format check": a pick, then a rule of its own after the joint. Returns the rule's cue, or null. */
export function ruleAfterPick(n: string): string | null {
  // The pick is short and ends at the first comma; "but" brings in only a condition ("…, but if it is down, …").
  // "public page, yes, but first names only": the thing asked about and its yes make the pick.
  const joint = /^([^,;]{1,60}(?:, (?:yes|no)(?=, but))?)(?:, (and|but|plus|also)|;) (.{8,})$/.exec(n);
  const tail = joint?.[3]?.replace(/^(also|then,?) /, "");
  // "10 percent, but always keep traces with errors": after "but" only a condition or a rule word sets a rule.
  if (
    !tail ||
    NEXT_STEP.test(tail) ||
    isGoAhead(tail) ||
    (joint?.[2] === "but" &&
      !/^(if|when|unless|in case|always|never|don't|do not|make sure|(please|pls) (not|don't|never))\b|^[a-z0-9' -]{2,30} only[.!]*$/.test(
        tail,
      ))
  )
    return null;
  const cls = classifySentence({ text: tail, introducesQuote: false });
  if (cls.kind === "constraint" || cls.kind === "preference") return cls.cue;
  return isImperative(tail) ? "with pick" : null;
}

/** "let's do that" only points at the option the sentence before it named. */
export const POINTED_PICK =
  /^(so,? )?(let's|lets|we'll) (do|go with|take) (that|it|this)( one)?( then)?[.!]*$/;

export const bounded = (parts: string[]): string | null => {
  const text = parts.join(" ").trim();
  if (text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length < 2) return null;
  return text.length > GOAL_CHARS ? `${text.slice(0, GOAL_CHARS)}…` : text;
};

/** The request after a colon in a rule sentence, or null. */
export function askAfterColon(sentence: Sentence, prev: string | undefined): string | null {
  const at = sentence.text.indexOf(": ");
  if (at < 0) return null;
  const tail = sentence.text.slice(at + 2).trim();
  const cls = classifySentence({ text: tail, introducesQuote: false }, { prev });
  return cls.kind === "request" && tail.split(/\s+/).length >= 3 ? tail : null;
}

/** "Refactor the parser (without changing the public api).", "bump react to 19, but leave the test utils alone":
 * a piece of work asked first, then the rule that bounds it. Returns the whole sentence, or null. */
export function askBeforeRule(text: string): string | null {
  const head = text.split(
    / \(|, but | and make sure |, and (?=never|don't|do not|always|keep|leave)/i,
  )[0] as string;
  if (head === text || head.split(/\s+/).length < 3) return null;
  const cls = classifySentence({ text: head, introducesQuote: false });
  return cls.kind === "request" || (cls.kind === "goal" && cls.strength !== "pivot") ? text : null;
}

/** The class of a sentence; a ticket the user names ("ticket PAY-231: the refund …") is the work when no goal is
 * set yet, even where it reads like a quote (a ticket quoted midway replaces no goal). */
export function sentenceClass(sentence: Sentence, n: string, prev: string | undefined): SentenceClass {
  if (sentence.introducesQuote && isWorkReference(n)) return { kind: "goal", strength: "intent" };
  if (isResumedWork(n)) return { kind: "goal", strength: "stated" };
  if (putsAhead(n)) return { kind: "goal", strength: "stated" };
  const cls = classifySentence(sentence, { prev });
  // "i do not want numba, …" after "numpy or numba?": an option ruled out for good is a prohibition, not a pick.
  return cls.kind === "decision" && cls.marker !== "label" && RULES_OUT.test(n)
    ? { kind: "constraint", cue: "prohibition" }
    : cls;
}

/** "per key or per IP?" asked by the user: a choice between options, which a later sentence of the same
 * message may answer ("hmm. per key, IPs are shared"). */
export const OWN_CHOICE = /\bor\b[^?]*\?\s*$/;
const CONTENT = (t: string) =>
  t
    .split(/[^a-z0-9'-]+/)
    .filter((w) => w.length > 2 && !/^(the|and|for|now|then|let's|lets|with|should|would|could)$/.test(w));

/** The user's own answer to the choice they asked a sentence or two before: a pick that names an option. */
export function answersOwnQuestion(sentence: Sentence, n: string, asked: string): SentenceClass | null {
  const cls = classifySentence(sentence, { prev: asked });
  if (cls.kind !== "decision") return null;
  const offered = CONTENT(asked.toLowerCase());
  const head = CONTENT(n.split(/, | — | - |; /)[0] as string);
  return head.some((w) => offered.includes(w)) ? cls : null;
}

/** The rule a sentence states before the clause its goal is read from ("the boss says the export must be ready
 * by friday, so this is our goal: …"), or null. */
export function ruleBeforeGoal(n: string, prev: string | undefined): { kind: RuleKind; cue: string } | null {
  const reading = goalReading(n);
  if (!reading || reading.clause === n || !n.endsWith(reading.clause)) return null;
  const lead = n.slice(0, n.length - reading.clause.length).replace(/[\s,;:—-]*(so|and|but)?[\s,;:—-]*$/, "");
  if (lead.split(" ").length < 3 || isGoalPivot(lead)) return null;
  const cls = classifySentence({ text: lead, introducesQuote: false }, { prev });
  return cls.kind === "constraint" || cls.kind === "preference" ? { kind: cls.kind, cue: cls.cue } : null;
}
