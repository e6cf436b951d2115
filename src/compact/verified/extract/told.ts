// How a user sentence is told around what it says: a rule told on after a colon ("our advisor says: …"), a late
// addition's lead ("one thing I should have said:"), an answer that holds for good, a story in the past, and the
// look-alikes that set nothing (a release, a refusal, the speaker's routine, a fact waved through with "anyway").
// Inputs are normalized lowercase sentences or clauses; the sentence classifier (rules.ts) decides with them.

import { isImperative, PAST_TIME, PAST_VERB } from "./clause.ts";
import type { TaggedWord } from "./rule-shape.ts";

/** Words that make an answer hold for every case ("it never resets until …", "always at warn level"). */
export const HOLDS_FOR_GOOD = /\b(never|always|until|at most|at least|no more than|every time|each time)\b/;

/** "just curious, no need to do it", "not happening this quarter": a release or a refusal sets no rule. */
const RELEASES =
  /(^|, )(just curious|just asking|no need to [a-z]+ (it|that|this|them|anything)( now| yet| today)?|(it's |that's |this is )?not happening( [a-z ]{0,20})?)[.!]*$|^(just curious|just asking|out of curiosity)[,.!]* (don't|do not|no need to) (build|do|make|add|change) (it|that|this|them|anything)[.!]*$/;
/** "every quarter i rebuild the same charts by hand": the speaker's routine, told. */
const ROUTINE =
  /\b(every|each) (day|morning|evening|night|week|month|quarter|year|sprint|release|monday|tuesday|wednesday|thursday|friday|saturday|sunday) (i|we) (?!(must|should|need|have to|want|will|'ll)\b)[a-z]+/;

/** "negative amounts get rejected by the api anyway": a fact waved through, not a rule ("every item keeps its doc
 * comment, ci denies missing docs anyway" gives the rule's reason after the comma). */
const dismisses = (n: string) =>
  /\banyway[.!]*$/.test(n.split(", ")[0] as string) &&
  !n.split(/, (?:but |so |and )?/).some((c) => isImperative(c)) &&
  !/\b(must|should|never|always|don't|do not|have to|has to|need to|needs to)\b/.test(n);

/** "just curious, no need to do it now": a release or a refusal. */
export const releases = (n: string): boolean => RELEASES.test(n);

/** A release, a refusal, the speaker's routine or a fact waved through: it sets no rule. */
export function setsNothing(n: string): boolean {
  return RELEASES.test(n) || ROUTINE.test(n) || dismisses(n);
}

/** Someone named with a determiner, a verb of telling and a colon: what follows is their rule, told on. */
const TOLD_ON =
  /^((the|our|my|their) ([a-z0-9'-]+ ){0,3}[a-z0-9'-]+|she|he|they)( also)? (says|said|say|demands|demanded|requires|required|insists|insisted|wants|wanted|told (us|me)|mandates|expects|mentioned|added)\s*:\s+(.{6,})$/;
/** People and bodies whose word binds the work ("the guide says: …" or "the log says: …" only quote). */
const TELLER =
  /\b(actuary|consultant|director|head|chair|inspector|examiner|coordinator|sponsors?|stakeholders?|landlord|union|hr|advisor|adviser|accountant|lawyer|counsel|auditors?|ministry|regulator|professor|supervisor|teacher|doctor|clients?|customers?|boss|manager|lead|team|department|board|committee|council|officer|architect|designer|owner|partner|vendor|supplier|government|agency|authority|bank|insurer|cto|ceo|cfo|ciso|legal|compliance|security|finance|product)$/;

/** "our tax advisor says: when the buyer …": the verb and the clause told on, or null (quoted text stays a quote). */
export function toldOn(n: string): { verb: string; inner: string } | null {
  const m = TOLD_ON.exec(n);
  const inner = m?.[7] as string;
  // "their security guy said: …", "she also said: …" (someone named before): a person whose word binds.
  const teller = (m?.[1] ?? "").split(" ");
  // "their data person said: …": someone named by what they look after.
  const keeper =
    teller.length >= 3 && /^(person|guy|folks|people|contact|rep)$/.test(teller.at(-1) as string);
  if (!m || !(teller.length === 1 || keeper || teller.some((w) => TELLER.test(w))) || /^["'“`]/.test(inner))
    return null;
  return { verb: m[5] as string, inner };
}

/** "legal also says we keep them for seven years": how the team does a thing, passed on in the present tense. */
export function statesPractice(inner: string): boolean {
  const m =
    /^(we|you) (always |only |never )?([a-z]+) (them|it|all|every|each|the|our|a|an|\d|[a-z-]{3,}s\b)/.exec(
      inner,
    );
  return (
    m !== null &&
    !/ed$/.test(m[3] as string) &&
    !/^(are|is|was|were|have|had|need|want|think|know|got|get|like|love|feel|hope|see|look|could|would|might|may|can|will|should|did|do|does|lost|made|found|tried|went|saw|said|told|owe|own|mean|seem|agree|disagree|miss|lack)$/.test(
      m[3] as string,
    )
  );
}

/** "one thing i should have said at the start:", "my own addition:": a late addition announced, then the rule. */
export const ADDITION =
  /^((oh|ah|also|and),? )?((one|another) (more |last |small )?thing|something|(my|one) (own )?(addition|extra point|add-on)|(i|we) (forgot|should have (said|mentioned)))( (i|we) (forgot( to (say|mention))?|should have (said|mentioned)|didn't (say|mention)|missed))?( (at the start|earlier|before|up front|first))?\s*:\s+/;

/** "we patched it by hand": a subject and a regular past verb tell what happened. */
export const TOLD_PAST =
  /^(we|i|they|he|she|someone|somebody|nobody) (just |already |then |once |only )?(?!(embed|proceed|exceed|succeed|shed|speed|opted|agreed|decided|settled|picked|selected|preferred)\b)[a-z]{3,}ed\b/;

/** A clause that tells the past. */
export const narrates = (clause: string) => PAST_TIME.test(clause) || PAST_VERB.test(clause);

/** Within a story, "never tested it" and "no tests" go on telling it; they ask for nothing. */
export const tellsOn = (clause: string) =>
  narrates(clause) ||
  TOLD_PAST.test(clause) ||
  /^(never|not|nobody|no one) [a-z]{3,}(ed|en)\b/.test(clause) ||
  /^(no|without) [a-z]+$/.test(clause);

/** "…, but the gist is the digest has to go out at 8:00": what a story comes down to, said in the present. */
const UPSHOT =
  /\b(the gist is|the upshot is|the bottom line is|bottom line:|long story short|in short|what it (boils|comes) down to is|the short version is)[:,]? (that )?(.{8,})$/;

/** The present upshot a story ends on, or null. */
export function conclusionOf(n: string): string | null {
  return UPSHOT.exec(n)?.[4] ?? null;
}

/** "levenshtein gave us garbage on the pilot": the clause's first verb is in the past (its form is not its
 * dictionary form, nor a present or a gerund), so it tells what happened. */
export function toldInPast(clause: string, tag: (text: string) => TaggedWord[]): boolean {
  const words = tag(clause);
  const verb = words.find((w) => w.tag === "VERB" || w.tag === "AUX");
  // "fixed interval.": a participle opening two words names a kind of thing; no story is told.
  if (verb !== undefined && verb === words[0] && words.filter((w) => w.tag !== "PUNCT").length <= 2)
    return false;
  if (narrates(clause)) return true;
  if (verb === undefined) return false;
  const { word, lemma } = verb;
  if (/^(was|were|had|did)$/.test(word)) return true;
  return verb.tag === "VERB" && word !== lemma && !/(s|ing)$/.test(word) && !/^(be|have|do)$/.test(lemma);
}
