// Rules, decisions, goal statements, the request and follow-ups of one user message, sentence by sentence.
// A terse reply is read against the assistant's last message (`prev`), so "ok, B" after "A or B?" is a choice.

import { isCommand, SETTLES } from "./choice.ts";
import { isImperative } from "./clause.ts";
import { asksForWork, type GoalStrength } from "./goal.ts";
import { titleLine } from "./goal-labels.ts";
import { asksProductChange, isSmallTalk, pointsAtGoal } from "./goal-moves.ts";
import {
  ASKS_RULES,
  answersOwnQuestion,
  askAfterColon,
  askBeforeRule,
  bounded,
  CHAT_ONLY,
  GIVES_REASON,
  itemsAmongRules,
  type ListedItem,
  namesOption,
  OWN_CHOICE,
  POINTED_PICK,
  RULES_OUT,
  ruleAfterPick,
  ruleBeforeGoal,
  sentenceClass,
  TAKES_BACK,
} from "./message-reads.ts";
import { tagWords } from "./pos-tagger.ts";
import { isGoAhead, proposalIn } from "./proposals.ts";
import { classifySentence, type SentenceClass } from "./rules.ts";
import { factsOfRunOn, RUN_ON_WORDS } from "./run-ons.ts";
import { LIST_ITEM, normalizeSentence, opensWithRuleLabel, sentencesOf } from "./sentences.ts";
import { toldInPast } from "./told.ts";
import type { DecisionFact, RuleFact } from "./types.ts";

export interface UserFacts {
  rules: RuleFact[];
  decisions: DecisionFact[];
  /** Sentences that state the session's goal ("Today's objective: …", "New plan: …"), joined, or null. */
  goalStatement: string | null;
  /** "stated" replaces an earlier goal; "intent" ("I want to add a log line") only sets a missing one. */
  goalStrength: GoalStrength | null;
  /** The task requests of the message (imperatives, polite requests), joined, or null: questions are not tasks. */
  task: string | null;
  /** What the message asks for now (requests, else questions, with the plain sentences around them), or null. */
  request: string | null;
  /** Everything the user says in the message but questions, thanks, jokes and quotes: what an opening message
   * that holds no request or stated goal is about ("Users with an apostrophe can't sign up."), or null. */
  content: string | null;
  /** The first thing the message says, when it is a long dictated sentence ("right so the cellar app needs a
   * tasting notes feature where …, and notes are never deleted"): what a session that names its work nowhere else
   * is about. */
  opening: string | null;
  /** The message's title line ("Ferry app: accessibility pass before the review") over the lines after it, or null. */
  title: string | null;
  /** The message holds more than greetings, thanks and small talk (a question or a remark counts). */
  speaks: boolean;
  /** Its only ask points back and it says nothing else ("ok do that"): it asks for what was discussed before. */
  pointsBack: boolean;
  followUps: string[];
}

/** Words that make a step of the plan hold from now on as well ("3. always tag the release"); "1. list every result"
 * is only a step. */
const STANDS =
  /\b(keep|leave|without|until|unless|exactly|always|never|must|mustn't|only|don't|do not|can't|cannot|at (most|least)|no more than|from now on|every time)\b/;
/** Verbs that open a piece of new work ("let customers skip a week", "print a route sheet"), not a way of working
 * ("use the existing store", "log errors verbatim"). */
const BUILDS =
  /^(add|let|show|list|group|print|create|build|send|display|email|text|allow|give|put)\b(?!.*\b(not|no|nothing|only)\b)/;
/** "pet keys: QR code on each tag": a short topic, a colon, then the work. */
export const TOPIC_LABEL =
  /^(?!from\b|[a-z' -]*\b(issue|problem|decided|decision|settled|note|notes|update|question|fyi|status|context|background|reminder|rule|rules)\s*:)[a-z][a-z0-9' -]{1,30}:\s+[a-z0-9]/i;
/** Cues of a rule that bans or bounds rather than asks for a change. */
const BANS = new Set(["no", "prohibition", "never", "strong", "practice"]);

const FOLLOW_UP =
  /\b(later|afterwards|at some point|eventually|todo|to-do|follow[- ]up|next time|once (that|this|it)('s| is) (done|merged|fixed))\b/i;

/** Words that point back or frame a request without naming any work ("fix that", "can you take this one"). */
const EMPTY_WORDS = new Set(
  "it that this them these those one ones here there from for me us now asap please pls and then up out on over the a an too also again just do take handle look have sort deal fix solve repair help stop make easy easier need want to stream finish continue go ahead proceed let's lets today tonight first quickly right away real quick track down cause root bottom find figure why website site app page".split(
    " ",
  ),
);
const POINTER = /\b(it|that|this|them|these|those|this one)\b/i;
const ASKS = /\?\s*$|^\s*(can|could|would) you\b/i;
/** "a few rules i forgot to mention.", "two more constraints you should know about.": rules follow. */
const ANNOUNCES_RULES =
  /(^|, )((now|also|oh|and|ok|okay|so)[,.]? )*(here are |there are )?(a few|some|two|three|a couple of|more|other|the)? ?(more )?(rules|constraints|requirements|ground rules|house rules|conditions)( [a-z' ]{0,30})? (i forgot to mention|to mention|you should know( about)?|to follow|to keep in mind|that apply)[.:!]*$/;

/** A few words that only insist on the rule said before them. */
const INSISTS =
  /^(always|never|ever|no exceptions?|without exceptions?|period|full stop|non-negotiable|not negotiable|every (single )?time|mandatory|hard rule|(that's|this is) (the|a|a hard) (rule|law|requirement)|(it|they|that|this|those|these) (stays?|remains?) [a-z-]+( too)?)[.!]*$/;
/** What a sentence right after a bare pick can be and still belong to it: a second word for the pick or its reason. */
const KEEPS_WITH_PICK = new Set<SentenceClass["kind"]>(["decision", "plain"]);

/** "do that" after "I can dedupe with a request cache.": the pick keeps what it takes, or it says nothing once
 * the conversation is compacted. */
/** "weekly on sunday night is plenty and can you remind me …": in a long reply said without a stop, the pick ends
 * where the next clause begins; the rest is the rules or the talk around it. */
const dictated = (text: string) =>
  text.split(/\s+/).length >= 12 && !/[,;:]/.test(text.replace(/[.!?]+$/, ""));

function pickOfRunOn(text: string): string {
  if (!dictated(text)) return text;
  const head =
    /^(.{3,}?) (?:although|though|and (?=(?:i|we|you|they|he|she|it|if|can|could|what|the|oh|honestly|maybe|also|nothing|nobody|never|don't|put|send|make|keep|then)\b))/i.exec(
      text,
    );
  return head ? (head[1] as string) : text;
}

function withWhatItTakes(text: string, prev: string | undefined): string {
  const bare = isPointingRequest(text) || isGoAhead(text.toLowerCase().trim());
  const taken = prev === undefined || !bare ? null : proposalIn(prev);
  return taken === null ? text : `${text} (${taken.slice(-200)})`;
}

/** A request whose object only points back at what the message said before it ("Fix that."). */
export function isPointingRequest(text: string): boolean {
  // "need fix before steam fest": the deadline names no work.
  const words = text
    .toLowerCase()
    .replace(/\b(before|by|until) [a-z0-9' ]+[.!?]*$/, "")
    .replace(/[^a-z' ]/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "");
  const named = words.filter(
    (w) => !EMPTY_WORDS.has(w) && !/^(can|could|would|will|you|kindly|yes|yeah|yep|ok|okay|sure)$/.test(w),
  );
  // "find out", "could you have a look?", "please help to repair": an ask with no object of its own points too.
  return (POINTER.test(text) && named.length <= 1) || (named.length === 0 && words.length >= 2);
}

export function factsOfUserMessage(text: string, entryId: string, prev?: string): UserFacts {
  const facts: UserFacts = {
    rules: [],
    decisions: [],
    goalStatement: null,
    goalStrength: null,
    task: null,
    request: null,
    content: null,
    opening: null,
    title: null,
    speaks: false,
    pointsBack: false,
    followUps: [],
  };
  if (isCommand(text, prev)) return facts;
  const goals: string[] = [];
  let strength: GoalStrength | null = null;
  /** After a pivot ("Different task now.") or a goal heading ending in ":", the next sentences are the goal. */
  let carry = 0;
  /** The first message's list sits under a heading of its own ("Airport run tweaks:"): its items are the work. */
  let workList = false;
  let pivoted = false;
  const requests: string[] = [];
  const questions: string[] = [];
  const plain: string[] = [];
  const said: string[] = [];
  const told: string[] = [];
  /** Rules and choices alone ("Never touch the migrations.") open no work; a report or an ask does. */
  let tells = false;
  /** Every sentence the user says but thanks and pivots, questions included: what "That's today's job." means. */
  const spoken: string[] = [];
  /** Sentences taken as the goal only because they follow a pivot and merely report ("Management moved it."). */
  const narrated = new Set<string>();
  let chat = false;
  let works = false;
  let answersWork: string | null = null;
  let underPickLabel = false;
  let answered = false;
  let before: string | null = null;
  /** The user's own "A or B?" in this message, which the next two sentences may answer. */
  let ownAsk: string | null = null;
  let ownLeft = 0;
  const picksBefore = facts.decisions.length;
  /** The list items of the message, and whether each reads as a rule or as a plain statement. */
  const listed: ListedItem[] = [];
  /** Rules and choices read from the clauses of run-on sentences, kept after the message's own. */
  const clauseRules: RuleFact[] = [];
  const clauseDecisions: DecisionFact[] = [];
  /** Run-on sentences whose own rule or pick gives way to the clauses that bind in them. */
  const narrowedSentences = new Set<string>();
  // "Any rules I should follow?" → "1) every url keeps working 2) …": the items answer with rules.
  const rulesAsked = prev !== undefined && ASKS_RULES.test(prev.slice(-300));
  // "A few rules I forgot to mention." announces that the sentences after it are rules, stated or not.
  let rulesAnnounced = false;
  for (const split of sentencesOf(text)) {
    const sentence =
      (rulesAsked && LIST_ITEM.test(split.text)) || (rulesAnnounced && !ASKS.test(split.text))
        ? { ...split, listedRule: true }
        : split;
    const n = normalizeSentence(sentence.text);
    // A question or an ask ("can you also check the logs?") ends the announced rules.
    rulesAnnounced = ASKS.test(split.text) ? false : rulesAnnounced || ANNOUNCES_RULES.test(n);
    // The message's first words answer the assistant's question; a later sentence only when it is as terse
    // ("vitest, not jest. spaces over tabs.") or settles after hesitation ("ugh, fine: …"); a full clause after
    // the answer speaks for itself. A question or a hypothetical answers nothing.
    // "Procurement would never approve Twilio.", "Kanji readings can be ambiguous.": a modal says why, not which.
    const terse =
      // "for pdfs go with pdfkit; chromium is too heavy": the words before ";" are the answer, the rest says why.
      ((sentence.text.split("; ")[0] as string).split(/\s+/).length <= 5 &&
        !/\b(would|could|might|may|will)\b|\bcan (?!wait\b)/.test(n)) ||
      SETTLES.test(n);
    if (TAKES_BACK.test(n) && facts.decisions.length > picksBefore) {
      // "actually no, wait, people behind the NAT would lock each other out": the reason a pick is taken back.
      facts.decisions.splice(picksBefore);
      // "actually no, a toggle, people keep …": the new pick said in the same breath.
      const rest = n.replace(TAKES_BACK, "");
      const again = rest === "" ? null : classifySentence({ text: rest, introducesQuote: false }, { prev });
      if (again?.kind === "decision" && namesOption(rest, prev))
        facts.decisions.push({ text: sentence.text, marker: "reply", entryId });
      before = sentence.text;
      continue;
    }
    // "receipts stay under 40 columns. always.", "hide the players who left. they stay hidden": a short insistence
    // after a rule belongs to it.
    const lastRule = facts.rules.at(-1);
    if (lastRule !== undefined && lastRule.text === before && INSISTS.test(n)) {
      lastRule.text = `${before} ${sentence.text}`;
      before = sentence.text;
      continue;
    }
    // "table. easier to debug": the reason after a pick is not a second pick.
    const reason = answered && facts.decisions.length > picksBefore && GIVES_REASON.test(n);
    // "Choices from tuesday's call: csv over sftp; one file per day, not per invoice.": the label covers each piece.
    let read: SentenceClass = underPickLabel
      ? { kind: "decision", marker: "label" }
      : sentenceClass(sentence, n, ((answered && !terse) || reason) && !RULES_OUT.test(n) ? undefined : prev);
    // "lazy, do it. Hermes stays on.": after the pick, a terse sentence that states a rule on its own is the rule.
    const picked: boolean =
      facts.decisions.length > picksBefore && read.kind === "decision" && read.marker === "reply";
    const alone: SentenceClass | null = picked ? classifySentence(sentence) : null;
    // "… Keep a .bak then.": an imperative there is the pick itself.
    if (alone && (alone.kind === "constraint" || alone.kind === "preference") && alone.cue !== "imperative")
      read = alone;
    const binds: boolean =
      read.kind === "constraint" || read.kind === "preference" || read.kind === "decision";
    const own: SentenceClass | null =
      ownAsk !== null && !binds ? answersOwnQuestion(sentence, n, ownAsk) : null;
    const cls: SentenceClass = own ?? read;
    // "…, and store money as whole cents, and dont add any new packages": rules said inside a dictated sentence.
    const inside = factsOfRunOn(sentence, cls, answered ? undefined : prev);
    if (inside.narrowed) narrowedSentences.add(sentence.text);
    clauseRules.push(...inside.rules.map((r) => ({ ...r, entryId })));
    clauseDecisions.push(...inside.decisions.map((d) => ({ ...d, entryId })));
    if (inside.goals.length > 0 && cls.kind !== "goal") {
      goals.push(...inside.goals.map((g) => g.text));
      const firm: boolean = strength === "stated" || inside.goals.some((g) => g.strength !== "intent");
      strength = firm ? "stated" : "intent";
    }
    ownAsk = own === null && ownLeft-- > 0 ? ownAsk : null;
    if (cls.kind === "negative" && cls.why === "question" && OWN_CHOICE.test(n)) {
      ownAsk = sentence.text;
      ownLeft = 2;
    }
    underPickLabel = cls.kind === "decision" && cls.marker === "label" && sentence.text.endsWith(";");
    if (cls.kind !== "ack" && cls.kind !== "negative") answered = true;
    const last = before;
    before = sentence.text;
    // "pin it. the lockfile approach.", "table. easier to debug": a bare pick keeps the short words that follow it.
    const bare = facts.decisions.length > picksBefore ? facts.decisions.at(-1) : undefined;
    const short = last !== null && last.split(/\s+/).length <= 3 && sentence.text.split(/\s+/).length <= 10;
    // What happened once ("levenshtein gave us garbage on the pilot") is told beside the pick, not part of it.
    if (bare && bare.text === last && short && KEEPS_WITH_PICK.has(cls.kind) && !toldInPast(n, tagWords)) {
      bare.text = `${last} ${sentence.text}`;
      if (cls.kind === "decision") continue;
    }
    if (cls.kind === "decision" && last !== null && POINTED_PICK.test(n)) {
      const named = facts.decisions.at(-1);
      if (named && named.text === last) named.text = `${last} ${sentence.text}`;
      else facts.decisions.push({ text: `${last} ${sentence.text}`, marker: cls.marker, entryId });
      continue;
    }
    // "hey, back from holiday": short small talk asks for nothing and states nothing.
    if (isSmallTalk(n) && CHAT_ONLY.test(n) && (cls.kind === "plain" || cls.kind === "request")) {
      chat = true;
      continue;
    }
    if (isSmallTalk(n)) chat = true;
    else if (cls.kind !== "ack") works = true;
    // "the csv import for the crm." after "what are we working on today?": the answer names the work, unless the
    // message states its goal elsewhere.
    if (said.length === 0 && prev && asksForWork(prev) && (cls.kind === "plain" || cls.kind === "request"))
      answersWork = sentence.text;
    if (pointsAtGoal(n) && spoken.length > 0) {
      goals.push(...spoken.filter((t) => !goals.includes(t)));
      strength = "stated";
      continue;
    }
    if (cls.kind !== "ack" && !(cls.kind === "goal" && cls.strength === "pivot")) spoken.push(sentence.text);
    const pivot = cls.kind === "goal" && cls.strength === "pivot";
    if (cls.kind !== "negative" && cls.kind !== "ack" && !pivot) said.push(sentence.text);
    if ((cls.kind !== "negative" || cls.why === "question") && cls.kind !== "ack" && !pivot)
      told.push(sentence.text);
    // "The CSV export needs to support a BOM." asks for a change to the product: it opens the work (and stays a rule).
    if (cls.kind === "plain" || cls.kind === "request" || cls.kind === "goal" || asksProductChange(n))
      tells = true;
    if (cls.kind !== "ack") facts.speaks = true;
    // Right after a pivot even a sentence that reads like a rule ("I need the CLI to print …") is the new goal; a
    // ban ("amex can wait. no 3rd party scripts on the payment page ever") stays a rule.
    const ruleLike = cls.kind === "constraint" || cls.kind === "preference";
    const asksChange = ruleLike && !BANS.has(cls.cue);
    // "Hard limits:" after the goal's list heads rules: the goal's lines end there.
    if (carry > 0 && /:\W{0,4}$/.test(sentence.text) && opensWithRuleLabel(sentence.text)) carry = 0;
    if (
      carry > 0 &&
      (cls.kind === "request" || cls.kind === "plain" || cls.kind === "goal" || (pivoted && asksChange))
    ) {
      carry--;
      if (pivoted && cls.kind === "plain") narrated.add(sentence.text);
      else pivoted = false;
      if (cls.kind !== "goal" || cls.strength !== "pivot") goals.push(sentence.text);
      strength = "stated";
      continue;
    }
    // "Things to do:\n- upgrade postgres driver": an item under a goal heading is work even where it reads as a
    // standing imperative; it is kept as a rule too only when it holds from now on ("- keep the old exporter running").
    // "[x] tests pass": a ticked box reports where things stand.
    const item = LIST_ITEM.test(sentence.text) && !/^\s*\[[ x]?\]/i.test(sentence.text);
    // "1. get the build onto actions (it's on a box under a desk)": a step of the plan, whatever the aside beside
    // it reads as.
    const aside = /\s*\([^)]*\)/g;
    const step = item && carry > 0 && !pivoted && isImperative(n.replace(LIST_ITEM, "").replace(aside, ""));
    if (step && (ruleLike || cls.kind === "negative")) {
      carry--;
      goals.push(sentence.text);
      if (!ruleLike || cls.cue !== "imperative" || !STANDS.test(n)) continue;
    }
    if (cls.kind === "goal") {
      if (cls.strength !== "pivot") goals.push(sentence.text);
      // "can you help me build …?" is also what the message asks for now.
      if (n.endsWith("?")) requests.push(sentence.text);
      const lead = ruleBeforeGoal(n, prev);
      if (lead) facts.rules.push({ text: sentence.text, ...lead, entryId });
      if (cls.strength === "pivot" || /:\s*$/.test(sentence.text)) carry = 3;
      // "new priority: someone found a buffer over-read": a heading that only tells what happened; the ask after
      // it says what the work is.
      else if (/^[^:]{2,40}: /.test(n) && toldInPast(n.slice(n.indexOf(": ") + 2), tagWords)) carry = 1;
      pivoted = cls.strength === "pivot";
      strength = strength === "stated" || cls.strength !== "intent" ? "stated" : "intent";
      continue;
    }
    if (!item) workList = !prev && cls.kind === "plain" && /:\W{0,4}$/.test(sentence.text);
    // "1. list every result" under it is a step of that work, not a rule, unless it holds from now on; it still counts
    // among the list's rules.
    const workStep =
      item &&
      workList &&
      ruleLike &&
      cls.cue === "imperative" &&
      BUILDS.test(n.replace(LIST_ITEM, "")) &&
      !STANDS.test(n);
    if (item) listed.push({ text: sentence.text, rule: ruleLike, plain: cls.kind === "plain" });
    // A heading or a line of prose ends the list: its items are judged together.
    else if (listed.length > 0) facts.rules.push(...itemsAmongRules(listed.splice(0), entryId, prev));
    if ((cls.kind === "constraint" || cls.kind === "preference") && !workStep) {
      facts.rules.push({ text: sentence.text, kind: cls.kind, cue: cls.cue, entryId });
      // "Only touch the frontend: make the table responsive." sets a scope, then asks for the work after it.
      const asked = askAfterColon(sentence, prev) ?? askBeforeRule(sentence.text);
      if (asked) requests.push(asked);
    } else if (cls.kind === "decision") {
      const picked = cls.marker === "reply" ? pickOfRunOn(sentence.text) : sentence.text;
      facts.decisions.push({ text: withWhatItTakes(picked, prev), marker: cls.marker, entryId });
      const extra = ruleAfterPick(n);
      if (extra) facts.rules.push({ text: sentence.text, kind: "constraint", cue: extra, entryId });
    } else if (cls.kind === "request") requests.push(sentence.text);
    else if (cls.kind === "negative" && cls.why === "question") questions.push(sentence.text);
    else if (cls.kind === "plain" && /[A-Za-z]{2,}\s+\S*[A-Za-z]/.test(sentence.text))
      plain.push(sentence.text);
    if ((cls.kind === "request" || cls.kind === "plain") && FOLLOW_UP.test(sentence.text))
      facts.followUps.push(sentence.text);
  }
  facts.rules.push(...itemsAmongRules(listed, entryId, prev));
  // The whole answer is the work: "the csv import. contacts come from a spreadsheet …".
  if (goals.length === 0 && answersWork !== null) {
    goals.push(...told.slice(told.indexOf(answersWork)));
    strength = "stated";
  }
  // A run-on that also tells a story or a joke gives way to the stretches of it that bind.
  const gaveWay = (item: { text: string }) => [...narrowedSentences].some((t) => item.text.startsWith(t));
  facts.rules = facts.rules.filter((r) => !gaveWay(r));
  facts.decisions.splice(
    picksBefore,
    facts.decisions.length,
    ...facts.decisions.slice(picksBefore).filter((d) => !gaveWay(d)),
  );
  facts.rules.push(...clauseRules.filter((r) => !facts.rules.some((o) => o.text.includes(r.text))));
  facts.decisions.push(
    ...clauseDecisions.filter((d) => !facts.decisions.some((o) => o.text.includes(d.text))),
  );
  // After a pivot, what the user asks for is the new goal; the report before it only when nothing is asked.
  const asked = goals.filter((g) => !narrated.has(g));
  // "customers can't pay from germany. please help to repair.": an aim that only points back is the report before it.
  const aims = asked.length > 0 ? asked : goals;
  const pointed =
    aims.length > 0 && aims.every(isPointingRequest)
      ? spoken.slice(0, spoken.indexOf(aims.at(-1) as string) + 1)
      : [];
  facts.goalStatement = bounded(pointed.length > aims.length ? pointed : aims);
  facts.goalStrength = facts.goalStatement ? strength : null;
  // A request that only points back ("Users … can't sign up. Fix that.") asks for what the message said.
  const pointing = requests.length > 0 && requests.every(isPointingRequest);
  facts.task = requests.length > 0 ? bounded(pointing ? said : [...plain, ...requests]) : null;
  facts.pointsBack = pointing && said.every((s) => requests.includes(s));
  // Small talk ("how was your weekend? mine was all rain.") opens no work: it is no goal and no opening.
  const smallTalk = chat && !works;
  if (smallTalk) facts.speaks = false;
  // An opening report keeps the question it asks ("Is there a way to make the CLI start faster? It takes 2 s.").
  facts.content = tells && !smallTalk ? bounded(told) : null;
  // Only a long dictated opening carries its work inside it, or a first message under a label of its topic ("pet
  // keys: QR code on each tag"); a short one that names none states a rule or a fact.
  const first = said[0] ?? "";
  facts.opening =
    !smallTalk && !prev && (first.split(/\s+/).length >= RUN_ON_WORDS || TOPIC_LABEL.test(first))
      ? first
      : null;
  facts.title = titleLine(text);
  const asks = requests.length > 0 ? requests : questions;
  facts.request = asks.length > 0 ? bounded([...plain, ...asks]) : null;
  return facts;
}
