// Replies that settle what the assistant just asked: a yes or a no to any closed question ("Want a dry-run
// flag?" → "yes please"), and a short value or pick for an open one ("Restart policy?" → "OnFailure."). The
// question is the last sentence of the assistant's message; a question about what happened or what exists is
// answered with facts, and a question that only asks leave to go on settles nothing. Pure; inputs lowercase.

import { isImperative } from "./clause.ts";

/** The assistant's closing question: its last sentence, or the one before a short remark on the options ("How
 * long should a link stay valid? 15 minutes and 24 hours are the usual choices."). */
export function lastQuestion(prev: string): string | null {
  const sentences = prev
    .slice(-400)
    .toLowerCase()
    .trim()
    .split(/(?<=[.!?:])\s+(?=\S)/);
  const last = sentences.at(-1) ?? "";
  if (last.endsWith("?")) return last;
  const before = sentences.at(-2) ?? "";
  return before.endsWith("?") && last.split(" ").length <= 12 ? before : null;
}

const WH = /^(what|which|where|who|whom|whose|why|how|when)\b/;
/** "when a fee is waived, email the member?": a condition, then a closed question. */
const CONDITION_FIRST = /^(when|if|once|after|before) [^,?]{2,60}, /;
/** Questions that only ask leave to go on, or whether all is clear: their yes picks nothing. */
const LEAVE_TO_GO_ON =
  /\b(proceed|continue|go ahead|carry on|move on|get started|start now|begin|anything else|make sense|any questions|clear|understood|ready)\b/;
/** Questions about what happened or how things are: answered with facts. */
const ASKS_STATE =
  /\b(error|errors|happen(ed|s)|is happening|see|seeing|output|log|logs|say|says|wrong|broke|broken|break|breaks|failing|failed|going on|problem|issue|stack ?trace|version|installed|running|exist|exists|remember|know|mean|meant|tried|work(ed|s)? before)\b/;

/** A question about what happened or how things are, read in its main clause ("what should happen when a job is
 * still running?" asks for a way; its "running" is the case, not the question). */
const asksState = (q: string): boolean =>
  ASKS_STATE.test(q.replace(/,? (when|if|while|once|whenever|in case) .*$/, ""));

/** "where do i start?", "what should i work on?": the answer is the work, not a pick. */
const ASKS_FOR_WORK =
  /^(where|what) (do|should|shall|can) (i|we) (start|begin|work on|do|tackle|focus on|look at)\b/;
/** "want me to fix the code too?": an offer of more work; its yes asks for the work, its no declines a part. */
const OFFERS_WORK =
  /\b(want me to|shall i|should i|do you want me to|would you like me to|i can also|i could also)\b/;

/** The assistant's last sentence is a closed question ("Want a dry-run flag?", "Keep the raw readings as well?"). */
export function asksClosed(prev: string): boolean {
  const q = lastQuestion(prev);
  if (q === null || LEAVE_TO_GO_ON.test(q) || asksState(q)) return false;
  return !WH.test(q) || CONDITION_FIRST.test(q);
}

/** The assistant's last sentence asks for a value or a way ("Restart policy?", "how many rows per batch?",
 * "Where should the tide data come from?"). */
export function asksOpen(prev: string): boolean {
  const q = lastQuestion(prev);
  if (q === null || asksState(q) || LEAVE_TO_GO_ON.test(q) || ASKS_FOR_WORK.test(q)) return false;
  // "cookie or token?" offers options: choice.ts reads the pick among them.
  if (/\bor\b/.test(q)) return false;
  const words = q.replace(/\?$/, "").split(/\s+/);
  // A bare noun phrase asks for its value.
  if (words.length <= 4 && !/^(is|are|do|does|did|can|could|should|shall|will|would|want|any)\b/.test(q))
    return true;
  // "How should the badge show?", "When do links go out?", "What about stops not in the list?", "Offers expire
  // after how long?": the way or the value is the user's to set.
  return /^(which|how (many|much|often|long|big|large|far)|where (do|does|should|shall|will)|what (should|shall|do you want|would you like)|what [a-z-]+ (should|shall|do we|would you)|how (should|shall|do you want|would you like)|when (do|does|should|shall|will)|what about)\b|\b(after|for|within|over|in) how (long|many)\b/.test(
    q,
  );
}

const YES =
  /^(yes|yeah|yep|yup|y(?=[,.! ]|$)|sure|definitely|absolutely|of course|please do|go for it|do it|fine by me|works for me)\b/;
const NO = /^((god|hell|oh),? no|no|nope|nah|no way|not really|better not|not now|not yet|no need)\b/;
/** "not yet", "not for now", "not today": an option put off, the one list of its words (choice.ts reads a part of
 * the work put off with it). */
export const PUT_OFF = "not (?:yet|now|for now|this time|today)";
/** "not worth it", "overkill": the option asked about judged not worth taking, or put off. */
const NOT_WORTH = new RegExp(
  `^(${PUT_OFF}|not (worth it|worth the (effort|trouble|complexity)|needed|necessary)|overkill|unnecessary|too much|keep it simple|skip (it|that)|leave (it|that)( out| as is)?)\\b`,
);
/** "not yet, payments are a separate project", "not until the board signs off": the option put off, maybe why. */
const PUTS_OFF = new RegExp(`^(${PUT_OFF})([,;:.!]|$)|^not (until|for this) [a-z]`);
/** "raw readings too, yes": the option named, then the yes. */
const YES_LAST = /^[a-z0-9][^,]{1,40},? (yes|yeah|yep|sure|no|nope)( please)?[.!]*$/;
/** Words of three letters or more; a hyphened name also gives its parts ("pytest-xdist": "xdist"). */
const WORD = (t: string) =>
  t
    .split(/[^a-z0-9'-]+/)
    .flatMap((w) => (w.includes("-") ? [w, ...w.split("-")] : [w]))
    .filter((w) => w.length > 2);

/** A yes or a no to a closed question, short enough to be the answer itself ("yes please", "oh no", "yes
 * exactly that", "yes email the member"); a yes followed by an ask of its own is the ask's, not a pick, unless
 * the ask repeats the question's words. */
export function answersClosed(n: string, prev: string): boolean {
  if (!asksClosed(prev)) return false;
  // "no dialog, a snackbar with the new due date is enough": the option asked about declined, then what instead.
  if (declinesAsked(n, prev)) return true;
  const question = lastQuestion(prev) ?? "";
  // "comments yes, edits no", "she said a pin is fine": the asked thing, then the verdict.
  if (judgesAsked(n, question)) return true;
  // "from the 1st." after "apply the new grade from the 1st?": the question's own words said back.
  const said = n.replace(/[.!]+$/, "");
  if (said.split(" ").length >= 2 && said.split(" ").length <= 5 && question.includes(said)) return true;
  // "assists yes but in a separate column": the thing asked about, its yes, then how.
  const first = VERDICT_FIRST.exec(n);
  // "public yes but juniors show as first name and initial only": the verdict, then how far it goes.
  const limited = first !== null && /^[a-z0-9-]+( [a-z0-9-]+)?,? (yes|no),? but /.test(n);
  if (first && (n.split(" ").length <= 8 || limited) && echoes(first[1] as string, question)) return true;
  // "delete it" after "keep the hl7 parser as fallback?": a short order on the thing asked about settles it; after
  // an offer ("want me to fix it too?") it asks for the work.
  if (!OFFERS_WORK.test(question) && isImperative(n) && SHORT_ORDER_ON_IT.test(n)) return true;
  const words = n.split(" ");
  // "yes in parallel, but never more than 6 at a time": the rule after "but" is what the sentence is kept for.
  if (words.length > 8 || n.endsWith("?") || /\bbut\b/.test(n)) return false;
  if (YES_LAST.test(n)) return true;
  const no = NO.exec(n);
  const mark = no ?? (OFFERS_WORK.test(lastQuestion(prev) ?? "") ? null : YES.exec(n));
  if (!mark) return false;
  const rest = n
    .slice(mark[0].length)
    .replace(/^[,.!\s]+/, "")
    .replace(/[.!]+$/, "");
  if (rest === "") return false;
  if (
    /^(please|exactly|that|this|those|these|them|that one|this one|that's (it|right)|sounds good|good|fine)\b/.test(
      rest,
    )
  )
    return true;
  // "yep, highest first" after "sort by average descending?": a yes and how, in a few words with no verb.
  if (
    rest.split(" ").length <= 3 &&
    !isImperative(rest) &&
    !/^(i|we|you|it|it's|its|they|there|this|that's|but)\b/.test(rest)
  )
    return true;
  // "yes email the member" after "…, email the member?": the yes says what it takes.
  return echoes(rest, lastQuestion(prev) ?? "");
}

/** "delete it", "drop them", "remove that one": an order of up to four words on the thing just named. */
const SHORT_ORDER_ON_IT =
  /^([a-z-]+ ){0,2}(it|them|that|those|this|that one|this one)( too| please| then)?[.!]*$/;
/** "assists yes but …", "exports no, …": a thing named first with its yes or no. */
const VERDICT_FIRST = /^([a-z0-9-]+( [a-z0-9-]+)?),? (yes|no)\b(?! (one|way|thing|need|idea)\b)/;
/** "comments yes, edits no": each thing asked about with its yes or no. */
const VERDICT_LIST = /^[a-z0-9-]+( [a-z0-9-]+)? (yes|no)(, [a-z0-9-]+( [a-z0-9-]+)? (yes|no))+[.!]*$/;
/** "a pin is fine", "she said email is fine", "2 m works": a thing named and judged good enough. */
const GOOD_ENOUGH =
  /^(((she|he|they|[a-z]+) (said|says|thinks|confirmed) (that )?)?([a-z0-9-]+ ){1,4}(is|are) (fine|ok|okay|good|enough|good enough)|([a-z0-9-]+ ){1,3}works( for (me|us))?|([a-z0-9-]+ ){1,3}(sounds?|seems?) (good|fine|great|ok|okay|right))( then| too)?[.!]*$/;
/** "not case-sensitive", "not for now", "not pre-releases, only the stable ones": a no said by negating the thing
 * asked about. */
const NEGATES = /^not ([a-z0-9-]+( [a-z0-9-]+)?)([.!]*$|[,;] )/;

/** A verdict on the thing the closed question asked about, naming it. */
function judgesAsked(n: string, question: string): boolean {
  return (
    (VERDICT_LIST.test(n) || GOOD_ENOUGH.test(n)) &&
    echoes(n.replace(/\b(is|are|works|fine|said|yes|no)\b/g, ""), question)
  );
}

/** "no dialog, a snackbar is enough" after "Do you want a confirmation dialog?": a "no" whose next words name
 * the option the closed question offered. It declines that option: a choice, not a prohibition. */
export function declinesAsked(n: string, prev: string): boolean {
  if (!asksClosed(prev) || n.endsWith("?") || /\bbut\b/.test(n)) return false;
  const question = lastQuestion(prev) ?? "";
  // "not yet, payments are a separate project", "not for this season, thanks", "not until the board signs off":
  // the option put off.
  if (PUTS_OFF.test(n)) return true;
  // "not case-sensitive", "not for now": the thing asked about negated, or put off.
  const negated = NEGATES.exec(n);
  if (negated) return NOT_WORTH.test(n) || echoes(negated[1] as string, question);
  const m = /^(no|nah|nope)[,.]? ([a-z0-9-]+( [a-z0-9-]+)?)(,|$|\.)/.exec(n);
  const head = n.split(/, | — | - |; /)[0] as string;
  if (m !== null && head.split(" ").length <= 4 && echoes(m[2] as string, lastQuestion(prev) ?? ""))
    return true;
  // "no, not worth it", "nah, keep them separate", "neither, use the keychain": a no with its judgement or with
  // the way taken instead.
  const no = /^((god|hell|oh),? no|no|nope|nah|neither|none of (them|those|these))\b[,.!]*\s*/.exec(n);
  const rest = no ? n.slice(no[0].length).replace(/[.!]+$/, "") : "";
  return rest !== "" && (NOT_WORTH.test(rest) || (isImperative(rest) && rest.split(" ").length <= 6));
}

/** A word of `said` that the `asked` sentence holds, allowing a changed ending ("email" / "emailed"). */
export function echoes(said: string, asked: string): boolean {
  const words = WORD(asked);
  // "reservation" echoes "reserve": a changed ending, or a shared stem of six letters.
  return WORD(said).some((w) =>
    words.some(
      (a) =>
        a.startsWith(w.slice(0, Math.max(3, w.length - 2))) ||
        (w.length >= 6 && a.length >= 6 && a.slice(0, 6) === w.slice(0, 6)),
    ),
  );
}

/** The assistant's last sentence announces what it will do ("I'll copy the database and keep the schema names."). */
const PLAN = /(^|[.!?]\s+)(i'll|i will|i'm going to|i am going to|next,? i'll) [a-z][^.!?]{3,}[.!]?\s*$/;

/** "yes, same schema names" after "I'll copy the database and keep the same schema names.": a yes that names part
 * of the plan takes it; a bare "ok" only acknowledges. */
export function agreesToPlan(n: string, prev: string): boolean {
  const tail = prev.slice(-300).toLowerCase();
  const plan = PLAN.exec(tail);
  // "remote catalog yes, that is good": the part named first, then the yes.
  const after = /^([a-z0-9][^,.]{1,40}?),? (yes|yeah|yep)\b/.exec(n);
  if (plan && after && echoes(after[1] as string, tail.slice(plan.index))) return true;
  const mark = YES.exec(n) ?? /^(right|correct|exactly|good)\b/.exec(n);
  if (!plan || !mark || n.split(" ").length > 8 || n.endsWith("?")) return false;
  const rest = n.slice(mark[0].length).replace(/^[,.!\s]+/, "");
  return rest !== "" && echoes(rest, tail.slice(plan.index));
}

/** A value or a pick for an open question, said in a few words ("OnFailure.", "500 rows.", "from the port
 * authority feed"); doubt, thanks and questions pick nothing. */
export function answersOpen(n: string, prev: string): boolean {
  // "per our contract, …", "the client's rule: …": a rule passed on answers with more than a value.
  if (
    !asksOpen(prev) ||
    /^(per|according to|under) (the|our|my|their) |^[^:]{0,40}\b(rule|rules|policy|passed on):/.test(n)
  )
    return false;
  // "from the port authority feed, it updates every ten minutes": the answer, then its reason.
  const head = (n.split(/, | — | - |; /)[0] as string).replace(/[.!]+$/, "");
  // "a red badge on the booking row": a thing named with where it goes runs a little longer.
  const most = /^(a|an|the|one|two|three|four|five|six|\d+)\b/.test(head) ? 8 : 6;
  if (head === "" || n.endsWith("?") || head.split(" ").length > most) return false;
  return !/^(i|we|you|it|that|this|not sure|no idea|don't know|dunno|hmm+|ok|okay|k|thanks?|thank you|good question|depends|let me|yes|yeah|yep|yup|no|nope|nah|sure|cool|great|nice|fine|perfect|good|right|alright|awesome|lgtm|ugh+|argh+|meh)\b/.test(
    head,
  );
}

/** "make it exponential" after "I added a retry loop with a fixed wait": the way changed to another. */
export function changesWay(n: string, prev: string): boolean {
  return (
    prev.trim() !== "" &&
    /^(ok,? |then )?(make|switch|change) (it|them|that|those) (to )?(?!(work|pass|faster|slower|better|shorter|longer|smaller|bigger|cleaner|green)\b)[a-z0-9-]+( [a-z0-9-]+)?[.!]*$/.test(
      n,
    )
  );
}

/** Words that carry no option of their own when said back. */
const EMPTY_WORDS =
  /^(yes|yeah|yep|no|nope|nah|ok|okay|sure|fine|thanks|please|the|a|an|it|that|this|too|also|both|all|any|not|just|only|and|or|one|some)$/;

/** "hidden" after "Should drivers … be hidden from those riders?", "grams" after "Want grams?": the one or two words
 * the question turns on, said back as the answer. */
export function saysAskedWordBack(n: string, question: string): boolean {
  const words = n.replace(/[.!]+$/, "").split(" ");
  if (words.length > 2 || question === "") return false;
  return words.every(
    (w) => /^[a-z][a-z-]{2,}$/.test(w) && !EMPTY_WORDS.test(w) && new RegExp(`\\b${w}\\b`).test(question),
  );
}

/** "per kilo instead" after "Show price per 100g too?": another way named in a few words, in place of the asked one. */
export function offersInstead(n: string): boolean {
  return /^(?!(i|we|you|it|they|that|this|let's|lets)\b)[a-z0-9][a-z0-9' -]{1,30} instead(, please| please)?[.!]*$/.test(
    n,
  );
}

/** The choice handed back to the assistant: "your call", "whichever is quicker for you", "you decide, I don't mind",
 * "I'll leave that with you". It picks nothing. */
const LEAD = "(?:(?:ok|okay|oh|hmm+|honestly|really|well|ah|no|nah|erm|um)[,.!]* )*(?:-\\s*)?";
const HANDS_BACK = new RegExp(
  `^${LEAD}(?:(?:it's |that's )?(?:your|ur) (?:call|choice|pick|decision)|(?:it's )?(?:entirely |totally )?up to you|(?:i )?(?:let )?you (?:decide|choose|pick|know (?:better|best))|over to you|dealer's choice|(?:i'll|i will|i'd|i) (?:just )?leave (?:that|it|this|the (?:choice|decision)) (?:to|with|up to) you|(?:i )?(?:really |honestly )?(?:don't|do not) mind|(?:i'm )?not (?:fussed|bothered)|no (?:strong )?preference|(?:it )?doesn't matter(?: to me| much)?|i'm easy|happy (?:either way|with either|with any))(?:[,.!;]|$|\\s+(?=(?:i|i'm|we|really|honestly|please|thanks|mate)\\b))`,
);
/** "whatever's simplest", "whichever is less fiddly", "any": the choice left to what is easiest for the assistant;
 * "whichever comes first" or "whatever we do, …" still choose or bind. */
const LEFT_TO_EASE = new RegExp(
  `^${LEAD}(?:whatever(?:'s| is)?(?: (?:you (?:think|prefer|like|want|reckon)(?: is (?:best|sensible|right|fine|easiest|simplest))?|works|easiest|easier|simplest|quicker|quickest|best|sensible|makes sense|looks [a-z]+|is (?:easiest|easier|simplest|quicker|quickest|best|sensible)))?|whichever(?: (?:is )?(?:easier|easiest|quicker|quickest|simpler|simplest|less (?:fiddly|work|hassle|effort)|suits(?: you)?|works(?: for you)?|you (?:like|prefer|want|think))(?: for you)?)?|any(?: of them| one| is fine| will do| works)?|either(?: (?:one|way|is fine|works|will do))?)(?:[.!]*$|[,;] (?=(?:i|i'm|not|no|you|honestly|really|thanks|thank)\\b)| (?=(?:i|i'm)\\b))`,
);

/** True when a reply hands the choice back to the assistant. */
export function handsBack(n: string): boolean {
  return HANDS_BACK.test(n) || LEFT_TO_EASE.test(n);
}

/** Thanks or relief said as the whole reply: "that's kind", "lovely, that's a relief", "ta muchly". */
export function thanksOnly(n: string): boolean {
  return /^(?:-\s*)?(?:(?:lovely|great|brilliant|wonderful|oh|ah|aw+|perfect)[,!.]* )?(?:that's (?:very |so |really )?(?:kind|a relief|a weight off|helpful|lovely|brilliant|wonderful|great)|ta(?: muchly| very much| much)?|cheers(?: for that| for this| mate)?|much appreciated|you're a star|you star|bless you|many thanks)[.!]*$/.test(
    n,
  );
}

/** The reply's verb is the one the question asked about ("lock it" / "be locked"). */
export function echoesAskedVerb(rest: string, prev: string): boolean {
  const verb = /^([a-z]{4,})/.exec(rest)?.[1];
  const question = lastQuestion(prev.toLowerCase()) ?? "";
  // "yeah show me the table" asks for something for the speaker.
  if (/^[a-z]+ (me|us)\b/.test(rest)) return false;
  return verb !== undefined && new RegExp(`\\b${verb.slice(0, 4)}`).test(question);
}

const EVERY: Record<string, string> = { day: "daily", week: "weekly", month: "monthly", year: "yearly" };

/** "not at all for now, it's 30 GB" after "by month, or not at all for now?": the reply's first clause repeats an
 * option word for word (two words or more) or names it in one or two words the question holds. */
export function repeatsOption(n: string, prev: string): boolean {
  // "once a month" after "weekly or monthly?": the option said in other words.
  const head = (n.split(/, | — | - |; /)[0] as string)
    .replace(/[.!]+$/, "")
    .trim()
    .replace(
      /^(?:once|one time) (?:a|per|each) (day|week|month|year)$/,
      (_, unit: string) => EVERY[unit] ?? unit,
    );
  const words = head.split(" ");
  const tail = prev.slice(-400).toLowerCase();
  if (words.length >= 2 && words.length <= 6 && tail.includes(head)) return true;
  // "defaults for now": the option's own word, with a word of time around it.
  const named = words.filter(
    (w) => w.length > 3 && !/^(for|now|then|please|thanks|just|okay|sure|fine|that|this|later|only)$/.test(w),
  );
  return words.length <= 4 && named.length > 0 && named.every((w) => tail.includes(w));
}
