// Classifies one user sentence by what it does: a rule (obligation, prohibition, condition + action, a rule
// passed on from someone else, a preference), a decision, a goal statement, a request, an acknowledgement,
// or a hard negative that only looks like a rule (question, hypothetical, quote or code, narration of the
// past, a joke or venting, a remark about the world). Pure and grammar-based; no model.
import { declinesAsked, handsBack, repeatsOption, thanksOnly } from "./answers.ts";
import {
  asksAssistantsView,
  asksWorkPolitely,
  keepsWayPolitely,
  listedWay,
  ordersAboutPast,
} from "./asks-and-views.ts";
import {
  asksYesNo,
  DEFERS_PART,
  declinesPart,
  isChoiceReply,
  isCommand,
  isDecision,
  isLabelledDecision,
  opensWithOfferedVerb,
} from "./choice.ts";
import {
  clauseMarkedAsRule,
  EPISTEMIC,
  hedgedRequest,
  isImperative,
  isParty,
  isQuestion,
  LAUGH,
  mainClauseAfterCondition,
  PAST_TIME,
  PAST_VERB,
  politeRequest,
  reportedClause,
  VENT,
  WOULD,
} from "./clause.ts";
import {
  framesProblem,
  type GoalStrength,
  goalReading,
  hasDeadline,
  isPoliteWish,
  namesAim,
  oneOffChange,
  reachesTarget,
  wantsOutcome,
} from "./goal.ts";
import { endsAtGoal, isAcknowledgement, isGoalPivot } from "./goal-moves.ts";
import { earlyClass, ruleAfterLeadIn } from "./lead-ins.ts";
import {
  earnestAsk,
  endorsesQuote,
  isCodeLine,
  isHypothetical,
  isIronic,
  isRuleOfElsewhere,
  isSpeakersLot,
} from "./not-a-rule.ts";
import { asksNothing, describesHabit, isOptionalTask, isOutsideAdvice } from "./not-asked.ts";
import { answersFact, jokesOrVents } from "./not-binding.ts";
import {
  arrowRule,
  conditional,
  instructionInCase,
  isInsisted,
  passedOn,
  ruleByShape,
  standingChange,
  stripFrames,
  WHOLE_REPO,
  wishedDone,
} from "./rule-clauses.ts";
import { ruleIn } from "./rule-grammar.ts";
import { allowedOnlyWhen } from "./rule-statements.ts";
import { normalizeSentence, opensWithRuleLabel, type Sentence } from "./sentences.ts";
import {
  ADDITION,
  conclusionOf,
  HOLDS_FOR_GOOD,
  narrates,
  setsNothing,
  TOLD_PAST,
  tellsOn,
  toldOn,
} from "./told.ts";

export type NegativeWhy = "question" | "hypothetical" | "quoted" | "remark" | "history" | "joke" | "code";

export type SentenceClass =
  | { kind: "constraint" | "preference"; cue: string }
  | { kind: "decision"; marker: string }
  /** "pivot": the sentence only announces a new goal, which the next sentences of the message state. */
  | { kind: "goal"; strength: GoalStrength | "pivot" }
  | { kind: "request" }
  | { kind: "ack" }
  | { kind: "negative"; why: NegativeWhy }
  | { kind: "plain" };

/** What the sentence answers: the assistant's last message before the user's. */
export interface SentenceContext {
  prev?: string;
}

/** ", nobody else", ", nothing fancier": closing words that leave out everyone or everything beyond the clause. */
const ONLY_TAIL =
  /^[a-z].{6,}(?:, (?:and )?| )(?:(?:nobody|no one|nothing|nowhere) else|(?<=, )nothing (?:fancier|more|less|bigger|longer|shorter))[.!]*$/;
/** "… i made this morning", "as they were last year": a past said of the object of an ask. */
const MADE_BEFORE =
  /\b((that|which) )?(i|we|you|they|it|who) (made|added|created|entered|booked|did|was|were|had|put in|set up|paid|sent|sold|bought|came|left|went|got|took|[a-z]+ed) [a-z ]{0,20}?(yesterday|this morning|earlier today|earlier|last (week|night|time|year|month))\b/;
/** Cues of rules read from an amount (rule-amounts.ts). */
const AMOUNT_CUES = new Set(["amount limit", "amount rate", "amount term"]);
const HYPOTHETICAL =
  /^(what if|suppose|supposing|imagine|hypothetically|in theory|theoretically|let's say|lets say|say we|assuming|in an ideal world|in a perfect world|were we to|had we|if only|maybe (someday|one day)|someday|one day|just thinking out loud|thinking out loud|one option would be|a different team)\b|\b(hypothetically|for the sake of argument|out of curiosity)\b/;
const CHECK_WHETHER =
  /^(check|see|find out|verify|confirm|tell me|look( into| at)?|figure out|work out|investigate|test) (again )?(whether|if|why|how come)\b/;
const UNDECIDED =
  /\b(not sure (whether|if|which)|torn between|still deciding|(haven't|have not|has not|hasn't|not yet|yet to) (decided|decide|settled|agreed|chosen)|undecided|yours to make|no decision yet|decided nothing|nothing (is |has been |was )?(decided|settled))\b/;
/** Cues of a reply that sets a rule rather than picking an option ("no, only idempotent methods"). */
const ANSWER_RULE = new Set([
  "only",
  "limit",
  "amount limit",
  "obligation",
  "prohibition",
  "no",
  "make sure",
  "required",
  "practice",
]);
const CONDITION_START =
  /^((and|but|also|oh|then),? )?(if|when|whenever|unless|in case|once(?! (a|per|every) )|as soon as) [a-z]/;
/** A rule label heading the sentence ("constraints: no native builds;"): the rule is what follows it. */
const RULE_LABEL = /^[a-z][a-z' -]{0,40}:\s+(?=\S)/;

function stripQuoted(n: string): string {
  return n
    .replace(/"[^"]{3,}"|“[^”]{3,}”|`[^`]+`/g, " ")
    .replace(/(^|\s)'[^']{3,}'(?=[\s.,;:!?]|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const rule = (cue: string, kind: "constraint" | "preference" = "constraint"): SentenceClass => ({
  kind,
  cue,
});
const negative = (why: NegativeWhy): SentenceClass => ({ kind: "negative", why });

/** The class of one sentence of a user message. */
export function classifySentence(sentence: Sentence, context: SentenceContext = {}): SentenceClass {
  // "for pdfs go with pdfkit; chromium is too heavy": what binds is said before ";", the rest says why.
  const semi = sentence.text.indexOf("; ");
  if (semi > 0) {
    const head = classifySentence({ ...sentence, text: sentence.text.slice(0, semi + 1) }, context);
    if (head.kind === "constraint" || head.kind === "preference" || head.kind === "decision") return head;
  }
  const found = classifyOwn(sentence, context);
  // An item under "Constraints:" or "Important:" states a rule even without a rule word ("Postgres 15 only").
  // "Rule two: it was the cache": a listed line that tells the past states no rule.
  const told = PAST_VERB.test(normalizeSentence(sentence.text).replace(RULE_LABEL, ""));
  // "Heads up: the league wants our ladder exported by friday": news of the work, not a rule.
  const news = found.kind === "goal" && /^\W*heads up\b/i.test(sentence.text);
  if (sentence.listedRule && isListedRule(found) && !told && !news) return rule("listed");
  if (found.kind === "decision" && listedWay(sentence.text, sentence.listedRule === true))
    return rule("listed");
  // "Things that can't change:", "Before you touch the billing code, read this:" head what follows.
  if ((found.kind === "constraint" || found.kind === "decision") && /:\W{0,4}$/.test(sentence.text.trim()))
    return { kind: "plain" };
  return found;
}

function isListedRule(found: SentenceClass): boolean {
  return (
    found.kind === "plain" ||
    found.kind === "request" ||
    (found.kind === "goal" && found.strength !== "pivot") ||
    (found.kind === "negative" && found.why === "remark")
  );
}

function classifyOwn(sentence: Sentence, context: SentenceContext): SentenceClass {
  const n = normalizeSentence(sentence.text);
  if (n === "" || isCommand(n, context.prev?.toLowerCase())) return { kind: "plain" };
  // "no, it never resets until the dose is given" after "should it reset?": how it behaves for good, a rule.
  const answer = /^(yes|yeah|yep|no|nope)[,.!]*\s+(.+)$/.exec(n)?.[2] ?? "";
  if (
    context.prev &&
    asksYesNo(context.prev) &&
    HOLDS_FOR_GOOD.test(answer) &&
    answer.split(" ").length >= 4 &&
    // "ya it always fires during the eclipse" after "does it fire then?" tells how it is; after "should it …?" the
    // same words say how it must be.
    !(
      describesHabit(answer) &&
      !/\b(should|shall|want|like|prefer)\b/.test(context.prev.slice(-200).toLowerCase())
    )
  )
    return rule("reply");
  // "and if the customer already paid, skip it" after "A or B?" is a rule of its own, not the choice.
  // "whatever, not fussed": the choice handed back sets nothing unless a bound comes with it.
  if (handsBack(n) && !/\b(as long as|provided|but|only|never|always|must)\b/.test(n))
    return { kind: "plain" };
  const reply = !CONDITION_START.test(n) && !thanksOnly(n) && isChoiceReply(n, context.prev);
  // "In the deploy_history table." after "Where do you keep the tags?": a fact answered sets nothing.
  if (reply && answersFact(n, context.prev)) return { kind: "plain" };
  if (reply) {
    // "no, only idempotent methods", "prefer named exports" answer with a rule, not a pick.
    const answer = n.replace(
      /^((goodness|gosh|god|oh|hell),? )?(yes|yeah|yep|no|nope|ok|okay|sure|good|great|lovely)[,.!]*\s+/,
      "",
    );
    // "no auth on it" forbids; "no, the second one" picks.
    const stated = ruleIn(answer, answer) ?? (/^no [a-z]/.test(n) ? ruleIn(n, n) : null);
    // "on release branches only" after "on every push, or on release branches?" picks the option it repeats; a
    // prohibition stays a rule.
    // "Conclusion: exponential backoff, max 5 tries." and "so interrupts it has to be" choose whatever their words.
    const picks =
      isDecision(n) ||
      declinesAsked(n, context.prev ?? "") ||
      opensWithOfferedVerb(n, context.prev ?? "") ||
      (repeatsOption(n, context.prev ?? "") &&
        !/\bbut\b/.test(n) &&
        !/^(prohibition|no)$/.test(stated?.cue ?? ""));
    if (stated && ANSWER_RULE.has(stated.cue) && !DEFERS_PART.test(answer) && !picks) return stated;
    // "central bank rate on the 25th, that's what finance told me to always use": the answer called a rule.
    if (clauseMarkedAsRule(n) === n) return rule("marked");
    return { kind: "decision", marker: "reply" };
  }
  if (isAcknowledgement(n)) return { kind: "ack" };
  // "no -ffast-math", "no @inbounds until we have bounds tests": a flag or a macro ruled out, not a line of code.
  if (isCodeLine(sentence.text) && !/^(no|never|don't|do not|avoid|without)\s+\S/i.test(sentence.text.trim()))
    return negative("code");
  if (isRuleOfElsewhere(stripFrames(n)) || isIronic(n)) return negative("joke");
  if (isOutsideAdvice(stripFrames(n))) return negative("quoted");
  // "ok seriously: make the deploy retry" asks in earnest; the word only marks a joke or a sigh elsewhere.
  const earnest = n.replace(/^(seriously|honestly|for real|real talk)\s*:\s+/, "");
  // "letters like HAha" in an identifier is no laugh: mixed-case words are left out of that check.
  const mixedCase = sentence.text.match(/\b[A-Z]{2,}[a-z]+\b|\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? [];
  const plainWords = mixedCase.reduce((t, w) => t.replace(w.toLowerCase(), " "), earnest);
  if (LAUGH.test(plainWords) || VENT.test(plainWords)) return earnestIn(earnest, "joke");
  // 'finance: "no invoice goes out without a pdf"': a rule quoted from the one who set it.
  const quoted = /^([a-z][a-z' ]{1,40}):\s*["“](.{3,}?)["”][.!]*$/.exec(earnest);
  // 'the pi wrote in her email: "every exported file must carry the study id"': the party named before the verb.
  const party = (quoted?.[1] ?? "").replace(
    / (wrote|writes|said|says|put it|asked|insists|insisted)( (in|on|during) [a-z' ]{1,30})?$/,
    "",
  );
  if (quoted && isParty(party) && ruleIn(quoted[2] as string, quoted[2] as string)) return rule("passed on");
  // "our tax advisor says: when the buyer …", "the ministry demands: the file is utf-8": a rule told on, unquoted.
  const told = toldOn(earnest);
  const toldRule = told ? passedOn(told.verb, told.inner) : null;
  if (toldRule && toldRule.kind !== "negative") return toldRule;
  // "Requirements from the a11y review: …" heads rules, "Decision from the review: …" a choice; they quote nothing.
  const heads = opensWithRuleLabel(sentence.text) || isLabelledDecision(earnest) || ADDITION.test(earnest);
  // "fix the typo on the bookings page, it says 'grooomer'": the quote is what the asked work is about.
  if (sentence.introducesQuote && !heads && isImperative(earnest) && !/^[a-z ]{1,20}:/.test(earnest))
    return { kind: "request" };
  if (sentence.introducesQuote && !heads)
    return endorsesQuote(earnest) ? rule("passed on") : negative("quoted");
  const unlabelled = sentence.listedRule ? earnest.replace(RULE_LABEL, "") : earnest;
  const bare = stripFrames(
    stripQuoted(unlabelled)
      .replace(/\p{Extended_Pictographic}\uFE0F?/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  if (bare.replace(/[^a-z]/g, "") === "") return negative("quoted");
  const whole = classifyBare(bare);
  return whole.kind === "plain" ||
    whole.kind === "request" ||
    (whole.kind === "negative" && whole.why !== "quoted" && whole.why !== "code")
    ? (ruleAfterLeadIn(bare, classifyBare) ?? whole)
    : whole;
}

/** Asks for one piece of work whatever rule words they hold: "while you're there, check the double call", "get the
 * release build green", "low priority: a typo in settings", "add that only". */
const ONE_OFF_ASK =
  /^(and )?while (you're|you are) (there|at it|in there|in that file),? |^(please )?(get|make) (the|our|my|this|that) [a-z0-9 ./-]{2,40} (green|working|passing|compiling|building|stable|running again)[.!]*$|^((low|high|top|medium) priority|p[0-3]|nice to have|optional|bonus|stretch goal)\s*:\s|^(add|do|fix|change|keep|take) (that|this|it|them|those) only[.!]*$/;

/** A joke, a sigh or a story of the past states a rule only through an ask left once they are taken away
 * ("ugh, whatever, just don't touch billing"); a choice said with a laugh stays a choice. */
function earnestIn(n: string, why: NegativeWhy): SentenceClass {
  const ask = earnestAsk(n, why === "history" ? tellsOn : narrates, why === "history");
  const found = ask === null ? null : classifyBare(stripFrames(ask));
  if (found && (found.kind === "constraint" || found.kind === "preference")) return found;
  // "they went on for an hour but the gist is the digest has to go out at 8:00": the story's present upshot.
  const upshot = why === "history" ? conclusionOf(n) : null;
  const concluded = upshot === null ? null : classifyBare(stripFrames(upshot));
  if (concluded && (concluded.kind === "constraint" || concluded.kind === "preference")) return concluded;
  if (why !== "joke") return negative(why);
  const whole = classifyBare(
    stripFrames(n.replace(/\b(haha+|hehe+|lol|lmao|ugh+|argh+|meh)\b[,.!]*\s*/g, "")),
  );
  // "honestly what i'd really like is …": an aim stated as such is earnest whatever the tone.
  return whole.kind === "decision" || (whole.kind === "goal" && whole.strength === "stated")
    ? whole
    : negative(why);
}

/** A rule or a choice read from a sentence that asks nothing of the work (not-asked.ts) is no rule. */
function classifyBare(bare: string): SentenceClass {
  const read = readBare(bare);
  const binds = read.kind === "constraint" || read.kind === "preference" || read.kind === "decision";
  if (binds && isOptionalTask(bare)) return { kind: "request" };
  if (binds && jokesOrVents(bare)) return negative("joke");
  // "injury freezes are free": an amount of the business is read by its figure, whatever its words look like.
  const amount = read.kind === "constraint" && AMOUNT_CUES.has(read.cue);
  return binds && !amount && asksNothing(bare) ? negative("remark") : read;
}

function readBare(bare: string): SentenceClass {
  // "the ticket says the export must support xlsx, so that's our task": the sentence names itself the aim.
  if (endsAtGoal(bare)) return { kind: "goal", strength: "stated" };
  // "we'll skip the merge step for now", "i'd skip it": a part of the work left out is a choice, not a wish.
  if (declinesPart(bare)) return { kind: "decision", marker: "declined" };
  if (isRuleOfElsewhere(bare)) return negative("joke");
  // "every tuesday i update the ladder by hand … so what i need is …": the routine told is the problem the aim
  // after it solves.
  if (setsNothing(bare) && goalReading(bare)?.strength !== "stated") return negative("remark");
  // "central bank rate on the 25th, that's what finance told me to always use": called a rule by its last words.
  const marked = clauseMarkedAsRule(bare);
  if (marked !== null && marked.length >= bare.replace(/^(so|and|but)\s+/, "").length) return rule("marked");
  // "we would like to avoid using any customer emails": a wish to stay away from something forbids it.
  if (
    /^(we|i)('d| would) (like|prefer|want) to (avoid|stay away from|never)\b|^(we|i) (want|prefer) to avoid\b/.test(
      bare,
    )
  )
    return rule("prohibition");
  if (keepsWayPolitely(bare)) return rule("polite");
  if (isPoliteWish(bare)) return { kind: "goal", strength: "intent" };
  if (isHypothetical(bare)) return negative("hypothetical");
  const allowed = allowedOnlyWhen(bare);
  if (allowed) return allowed;
  const early = earlyClass(bare);
  if (early) return early;
  if (ONE_OFF_ASK.test(bare)) return { kind: "request" };
  if (asksWorkPolitely(bare)) return { kind: "goal", strength: "intent" };
  // "would you always …?" asks what the assistant would do; "i wonder if we should always …" muses.
  if (
    /^would you (always|never|ever|usually|normally|generally|typically)\b|^((now|so|and|also),? )?(i wonder|i was wondering|wondering|i'm wondering|i am wondering|we're wondering|i'm curious|curious) (if|whether|why|how|what)\b(?! you (could|can|would|might)\b)|\b(asked|asks|wondered|wonders|was wondering|were wondering|is asking|are asking)( (me|us|you|them|him|her))? (whether|if) (we|i|they|it) (should|shall|must|need|have to|ought|could|can|would)\b/.test(
      bare,
    )
  )
    return negative("question");
  if (asksAssistantsView(bare)) return negative("question");
  // "can you help me build a price alert?": the work asked for as a question (goal.ts reads which questions).
  const asked = bare.endsWith("?") ? goalReading(bare) : null;
  if (asked) return { kind: "goal", strength: asked.strength };
  const hedged = hedgedRequest(bare);
  if (hedged !== null && hedged.split(" ").length >= 2) return { kind: "request" };
  const polite = politeRequest(bare);
  // "check whether the tests always run": a rule word inside the checked clause is not a rule.
  if (CHECK_WHETHER.test(polite ?? bare)) return { kind: "request" };
  // "could you rename the helpers across the repo": one change however wide, unless it holds from now on.
  const politeRule = polite === null ? null : ruleIn(polite, bare);
  if (polite !== null)
    return politeRule &&
      !(politeRule.cue === "imperative" && WHOLE_REPO.test(polite) && !standingChange(polite))
      ? politeRule
      : { kind: "request" };
  const main = mainClauseAfterCondition(bare);
  // "Should the deploy fail, revert": an inverted condition, not a question.
  if (main !== null && !bare.endsWith("?") && /^should\b/.test(bare)) return conditional(main, bare);
  // "the extractor must be cleaned before it goes back, so could the return step include a tick box?": a rule, then
  // the ask that serves it.
  const ruleThenAsk = /^(.{12,}?), so (could|can|would|will) (you|we|the|it|this|that)\b.*\?$/.exec(bare);
  if (ruleThenAsk) {
    const stated = ruleIn(ruleThenAsk[1] as string, ruleThenAsk[1] as string);
    if (stated) return stated;
  }
  // "rerun the suite for me?", "restart the dev server, would you?": an order said as a question asks for one job.
  const order = /^(.{6,}?)(?:,? (?:would|could|will|can) you| for me|,? please)\?$/.exec(bare)?.[1];
  if (order !== undefined && isImperative(order)) return { kind: "request" };
  if (isQuestion(bare)) return negative("question");
  // "we decided that last week, so it's final": a past choice said to hold now.
  if (/(?<!\buntil )\b(so |and )?(it's|it is|that's|that is) (final|settled)\b/.test(bare))
    return { kind: "decision", marker: "final" };
  // "Decision from yesterday's sync: we're moving …": the label says it is a choice, whenever it was made.
  if (isLabelledDecision(bare)) return { kind: "decision", marker: "label" };
  // "i noticed the build fails, fix it": a report, then the ask; only a whole story is history.
  const asksAfter = () =>
    bare
      .split(/, (?:so |and |then |now |pls |please )?/)
      .slice(1)
      .some((c) => isImperative(c));
  // "no changes to the tuning values, the designers balanced them for months": a rule, then its reason in the past.
  const first = /^([^,:]{6,80}?)(?:, | because | since )(?!(and|but|so|then)\b)(.+)$/.exec(bare);
  const ruleFirst =
    first && !PAST_VERB.test(first[1] as string) && !PAST_TIME.test(first[1] as string)
      ? ruleIn(first[1] as string, first[1] as string)
      : null;
  if (ruleFirst && ruleFirst.cue !== "imperative" && (PAST_TIME.test(bare) || TOLD_PAST.test(bare)))
    return ruleFirst;
  // "go with the background script over the event page, we tested both last month": a pick, then its past reason.
  const pickFirst = first && !PAST_VERB.test(first[1] as string) && !PAST_TIME.test(first[1] as string);
  if (pickFirst && (PAST_TIME.test(bare) || TOLD_PAST.test(bare)) && isDecision(first[1] as string))
    return { kind: "decision", marker: "choice" };
  // "delete the test bookings i made yesterday": an ask whose past is only that of its object.
  const unmade = bare.replace(MADE_BEFORE, "");
  if (PAST_TIME.test(bare) && isImperative(bare) && !PAST_TIME.test(unmade)) return readBare(unmade);
  if (PAST_TIME.test(bare) && !namesAim(bare) && !ordersAboutPast(bare)) return earnestIn(bare, "history");
  // A story told without a time ("i talked with the team about …") still says what the work is about: plain.
  if (TOLD_PAST.test(bare) && !asksAfter() && !namesAim(bare)) {
    // "she asked that we don't use the default green": a rule passed on in the past tense still holds now.
    const toldThem = reportedClause(bare);
    const theirRule = toldThem && passedOn(toldThem.verb, toldThem.inner);
    if (theirRule?.kind === "constraint") return theirRule;
    const told = earnestIn(bare, "history");
    return told.kind === "negative" ? { kind: "plain" } : told;
  }
  if (UNDECIDED.test(bare)) return negative("remark");
  if (HYPOTHETICAL.test(bare)) return negative("hypothetical");
  const reading = isGoalPivot(bare) ? null : goalReading(bare);
  if (!reading && framesProblem(bare)) return { kind: "plain" };
  const strength = isGoalPivot(bare) ? "pivot" : (reading?.strength ?? null);
  // A wish that states a rule ("we need to keep the API stable") is the rule, not one step of work; "get the
  // images under 500mb" reaches a figure once.
  if (reading && strength === "intent" && !wantsOutcome(bare)) {
    const change = oneOffChange(reading.clause);
    if (change !== null)
      // "get the ios build signing again", "… before the launch": a repair or a deadline is one piece of work.
      return standingChange(change.text) &&
        !change.reachesTarget &&
        !hasDeadline(change.text) &&
        !/\bagain\b/.test(change.text)
        ? rule("obligation")
        : { kind: "goal", strength };
    // "…, since the little ones can't read the names yet": the reason given binds nothing.
    const wished = reading.clause.replace(/, (since|as) [^,]+$/, "");
    // "the committee would like the email to always mention the reason": a wish held for every case.
    const stated =
      ruleIn(wished, wished) ??
      (/\bto (always|never)\b|\b(always|never) to\b/.test(wished)
        ? { kind: "constraint" as const, cue: "want" }
        : null);
    return stated &&
      !((stated.cue === "limit" || stated.cue === "amount limit") && reachesTarget(reading.clause)) &&
      !hasDeadline(reading.clause)
      ? stated
      : { kind: "goal", strength };
  }
  if (strength) return { kind: "goal", strength };
  const reported = reportedClause(bare);
  if (reported) {
    const told = passedOn(reported.verb, reported.inner);
    // "the secretary also wants a reminder the day before": a want added to the work is a rule of it, not new work.
    // "the treasurer wants a shared code, nothing fancier": a want bounded by its last words is a rule too.
    return told.kind === "goal" &&
      ((/^(want|need)/.test(reported.verb) && /\b(also|too|as well)\b/.test(bare)) || ONLY_TAIL.test(bare))
      ? rule("passed on")
      : told;
  }
  // "after the discussion, temporal wins over our homemade engine": a choice after the time it was made.
  if (main !== null && /^(after|having) /.test(bare) && isDecision(bare))
    return { kind: "decision", marker: "choice" };
  if (main !== null) return conditional(main, bare);
  // "write a script that archives the logs, and if a file is open, skip it": a condition after the request.
  const late = /, (?:and |but |also )?((?:if|when|whenever|unless) .+)$/.exec(bare);
  const lateMain = late ? mainClauseAfterCondition(late[1] as string) : null;
  if (lateMain !== null && conditional(lateMain, late?.[1] as string).kind === "constraint")
    return rule("condition");
  if (instructionInCase(bare)) return rule("condition");
  if (isSpeakersLot(bare)) return negative("remark");
  const arrow = arrowRule(bare);
  if (arrow) return arrow;
  if (isDecision(bare)) return { kind: "decision", marker: "choice" };
  if (/^(let me know|tell me|show me)\b/.test(bare)) return { kind: "request" };
  // "lint errors in ci, fix": a problem named, then the bare ask.
  if (/^[^,]{3,80}, (pls |please )?(fix|fix it|fix that|fix pls|fix please|sort it|look)[.!]*$/.test(bare))
    return { kind: "request" };
  // "cut the docker image below 300 mb": a figure to reach once is one piece of work, not a standing limit.
  if (reachesTarget(bare)) return { kind: "request" };
  const found = ruleIn(bare, bare) ?? ruleByShape(bare);
  if (found) return found;
  const wished = wishedDone(bare);
  if (wished) return wished;
  if (WOULD.test(bare) && !/\b(would you|could you)\b/.test(bare)) return negative("hypothetical");
  if (isImperative(bare) || /^(let's|lets) [a-z]+\b/.test(bare) || /^(and )?now\b/.test(bare))
    return { kind: "request" };
  // "health answers are visible to instructors, nobody else": who or what alone, said last.
  if (ONLY_TAIL.test(bare)) return rule("only");
  if (isInsisted(bare)) return rule("insisted");
  // "the robots keep stopping and i'm pretty sure it must be those cached tiles because …": a guess inside a long
  // report leaves it a report; a guess said alone is a remark.
  const guessInReport = bare.split(" ").length >= 18 ? bare.replace(EPISTEMIC, "") : bare;
  if (/\b(always|never|must|should|don't|avoid|prefer)\b/.test(guessInReport)) return negative("remark");
  // "the rename failed, try again with the exact text": a report, then what to do.
  if (
    bare
      .split(/, (?:so |and |then |now )?/)
      .slice(1)
      .some(isImperative)
  )
    return { kind: "request" };
  return { kind: "plain" };
}
