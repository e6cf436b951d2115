// The clauses of a long run-on sentence, read one by one: "what we're doing today is adding refunds, and store
// money as whole cents, and dont add any new packages, and go with the key table option" holds a goal, two rules
// and a choice. Only a sentence long enough to carry several is split: at ", and", at ";", or at "and" before
// a word that forbids or binds ("and don't …"); each clause keeps the user's words. A sentence kept whole as a rule
// still gives the goal said in it; a reply gives the pick said first ("regional endpoints, raising the timeout
// would …"); one that holds a rule beside a joke, a story or a thing's habit keeps only the stretches that bind.
// One read as a quote or a question is left whole. Pure.

import { clauseMarkedAsRule, isImperative } from "./clause.ts";
import type { GoalStrength } from "./goal.ts";
import { describesHabit } from "./not-asked.ts";
import { tagWords } from "./pos-tagger.ts";
import { classifySentence, type SentenceClass } from "./rules.ts";
import type { Sentence } from "./sentences.ts";
import type { DecisionFact, RuleFact } from "./types.ts";

/** A clause that binds by its own modal: "the questions have to stay hidden …", "only members can see them". */
const BINDING_CLAUSE =
  "(?:the|our|only|nobody|no one|everyone|every|each|all)\\b[^,]{0,40}?\\b(?:has to|have to|must(?! be (?![a-z]+(?:ed|en)\\b))|can't|cannot|can|should|needs? to)\\b";
/** Where a dictated sentence joins its parts: ", and", ";", a bare "and" before a word that forbids or binds or
 * before someone passing a rule on ("and the committee wants …"), or, with no word between, the start of a
 * practice ("… we never chase …") or of who set it ("… the committee was very clear we never …"). */
const JOINT = new RegExp(
  `,\\s+and\\s+(?:then\\s+)?|;\\s+|\\s+(?:so|and)\\s+(?=[a-z]{3,}s\\b(?! (?:them|it|the|a|an|our|my|this|that|these|those|like)\\b)[^,]{0,40}?\\b(?:has to|have to|must|needs? to)\\b|${BINDING_CLAUSE})|\\s+(?=we (?:never|always) [a-z]|(?:the|our) [a-z'-]+(?: [a-z'-]+)? (?:was|were) (?:very |really )?(?:clear|firm|strict|adamant) (?:that )?(?:we|you|nobody|no one|everyone|every|each|all|only|never|always)\\b)|(?<=\\b(?:was|were) (?:very |really )?(?:clear|firm|strict|adamant))\\s+(?=we|you|nobody|no one|everyone|every|each|all|only|never|always)\\b|\\s+—\\s+and\\s+|\\s+and\\s+also\\s+|\\s+(?:and\\s+)?(?:another thing|one more thing|the other thing is)[,:]?\\s+|\\s+and\\s+(?:(?:oh|also|plus)\\s+)?(?=(?:don't|do not|never|always|make sure|nothing(?! (?:more|else)\\b)|no)\\s|(?:the|our|my|their) [a-z-]+(?: [a-z-]+)? (?:wants|says|said|insists|requires|asked|demands|needs)\\s)`,
  "i",
);
/** A yes or a no to the question with what it takes, then "but" and how far it goes, in one clause. */
const VERDICT_BUT =
  /^(?:[a-z0-9-]+(?: [a-z0-9-]+)? (?:yes|no)|(?:yes|yeah|yep),? [a-z0-9' -]{1,30}?),? but ([^,;]{8,})$/i;
/** A dictated clause that starts with such a modal. */
const BINDS_NEXT = new RegExp(`^${BINDING_CLAUSE}`, "i");
/** Shorter sentences are read whole: they seldom carry two rules. */
export const RUN_ON_WORDS = 18;

export interface RunOnFacts {
  /** True when the sentence's own rule or pick is to be left out for the clauses found here: it also tells a story,
   * a joke or how things are today ("use the launcher's schema, …, and the launcher never reloads mods"). */
  narrowed: boolean;
  rules: Omit<RuleFact, "entryId">[];
  decisions: Omit<DecisionFact, "entryId">[];
  /** The clauses that state the work, when the sentence as a whole reads as something else. */
  goals: { text: string; strength: GoalStrength }[];
}

/** The clauses of a run-on sentence of three words or more, or none when it is not one. */
export function runOnClauses(text: string): string[] {
  if (text.split(/\s+/).length < RUN_ON_WORDS) return [];
  const parts = text
    .split(JOINT)
    .map((t) => t.trim())
    .filter((t) => t.split(/\s+/).length >= 3);
  return parts.length >= 2 ? parts : [];
}

/** The rules and choices said in the clauses of a run-on sentence whose whole reads as something else; `prev`,
 * when the sentence opens the reply, is the assistant's message its first words may answer. */
export function factsOfRunOn(sentence: Sentence, whole: SentenceClass, prev?: string): RunOnFacts {
  const found: RunOnFacts = { narrowed: false, rules: [], decisions: [], goals: [] };
  // "assists yes but in a separate column, and our old treasurer used to say …": a story told after the pick.
  // "…and another thing the log should never show the postcode because … a nightmare honestly": a sigh in one part
  // of a long dictated sentence leaves the clauses that bind.
  const toldAfter =
    whole.kind === "negative" &&
    (whole.why === "history" ||
      whole.why === "remark" ||
      (whole.why === "joke" && runOnClauses(sentence.text).length >= 2));
  if (whole.kind === "negative" && !toldAfter) return found;
  // A sentence kept whole as a rule already holds every rule said in it.
  const kept = whole.kind === "constraint" || whole.kind === "preference";
  // "the job is the dosing controller, …, so dosing stops when the vents open, that's the rule".
  const marked = kept ? null : clauseMarkedAsRule(sentence.text);
  if (marked !== null && marked !== sentence.text)
    found.rules.push({ text: marked, kind: "constraint", cue: "marked" });
  // "Choices from the call: csv over sftp; one file per day, not per invoice": under a label of picks every piece
  // is one of the picks.
  if (whole.kind === "decision" && whole.marker === "label") return found;
  // "yes email them but not on sundays ever": the limit said after a yes to the question is a rule of its own.
  const limit = whole.kind === "decision" ? VERDICT_BUT.exec(sentence.text) : null;
  const limited = limit ? classifySentence({ text: limit[1] as string, introducesQuote: false }) : null;
  if (limit && (limited?.kind === "constraint" || limited?.kind === "preference"))
    found.rules.push({ text: limit[1] as string, kind: limited.kind, cue: limited.cue });
  const clauses = runOnClauses(sentence.text);
  // "regional endpoints, raising the timeout would let people cheat, and …": the pick said first, before the
  // reasons and rules the sentence runs on with.
  const long = sentence.text.split(/\s+/).length >= RUN_ON_WORDS;
  const [first = "", second = ""] = long ? sentence.text.split(/,\s+/) : [];
  // "the svg one because there's no tile server and …": a short pick said before its reason; the pick keeps the
  // reason's first clause.
  const because = long
    ? /^([^,]{1,50}?) because [^,]+?(?=,\s|\s+and\s|\s+but\s|$)/.exec(sentence.text)
    : null;
  // "not yet, payments are a separate project, …": a pick of two words keeps the statement after it.
  const head =
    because !== null
      ? (because[1] as string)
      : (first.split(/\s+/).length <= 2 || second.split(/\s+/).length <= 4) &&
          second !== "" &&
          !/^(and|but|so|or)\s/i.test(second) &&
          !isImperative(second.toLowerCase())
        ? `${first}, ${second}`
        : first;
  const pick =
    (clauses.length > 0 || because !== null) && prev !== undefined && whole.kind !== "decision"
      ? pickIn(head, prev)
      : null;
  const picked = pick && because !== null ? { ...pick, text: because[0] } : pick;
  if (picked) found.decisions.push(picked);
  // "the cron never runs on sundays anyway, so schedule it for monday": how things are, then what to do about it.
  if (whole.kind === "negative" && whole.why === "remark")
    found.rules.push(...ordersAfterRemark(sentence.text));
  // "… the committee was very clear we never chase one member for another member's money": a practice said after
  // the story still binds.
  if (toldAfter) {
    for (const clause of clauses.filter(
      (c) =>
        (/^we (never|always) /i.test(c) || BINDS_NEXT.test(c)) &&
        !/^we (never|always) (said|had|did|was|were|went|got|thought|knew|made|took|[a-z]{3,}ed)\b/i.test(c),
    )) {
      const cls = classifySentence({ text: clause, introducesQuote: false });
      // "… because we had people turning up uninvited": the story of why is left out of the rule.
      const rule = clause.replace(
        / because (?:we|they|i|he|she|people|someone|somebody) (?:had|was|were|got|went|[a-z]{3,}ed)\b.*$/i,
        "",
      );
      if (cls.kind === "constraint") found.rules.push({ text: rule, kind: cls.kind, cue: cls.cue });
    }
    return found;
  }
  const narrow =
    long && (kept || whole.kind === "decision")
      ? narrowed(sentence.text, whole, picked ?? (prev === undefined ? null : pickIn(head, prev)))
      : null;
  if (narrow !== null) {
    found.narrowed = true;
    found.rules.push(...narrow.rules);
    if (whole.kind === "decision") found.decisions.push(...narrow.decisions);
  }
  for (const clause of clauses) {
    const cls = classifySentence({ text: clause, introducesQuote: false });
    if (narrow !== null && cls.kind !== "goal") continue;
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

/** Pieces of a run-on at every comma, ";" or dash: the finest clauses a look-alike can sit in. */
const PIECE = /,\s+|;\s+|\s+[—–-]\s+/;
/** Why a piece is no rule of the user's now: a story, a joke or a quote (a piece cut at a comma is too short to
 * tell a hypothetical or a remark from a polite rule, except a thing's habit told as how things are). */
const LOOK_ALIKE = new Set(["joke", "quote", "quoted"]);
const isLookAlike = (c: SentenceClass, piece: string): boolean => {
  if (c.kind !== "negative") return false;
  const n = piece.toLowerCase();
  // "evaluate on the last month only": a time of the past names what to use; a story needs a verb in the past.
  if (c.why === "history")
    return (
      tagWords(n).some((w) => w.tag === "VERB" && w.word !== w.lemma && !/(s|ing)$/.test(w.word)) ||
      /\b(did|was|were|had|went|got|took|broke|lost|(?!(used|based|called|named|supposed|needed|required)\b)[a-z]{3,}ed)\b/.test(
        n,
      )
    );
  // "if we ever switch scoring programs i'd have to redo the parser": a case imagined for some day.
  if (c.why === "hypothetical") return /\bif\b[^,]*\bever\b|^i suppose\b/.test(n);
  return LOOK_ALIKE.has(c.why) || (c.why === "remark" && describesHabit(n));
};

/** A rule or a pick said in the same run-on as a look-alike ("…, and oh the launcher never reloads mods while it's
 * running so people have to restart it"): the sentence with the look-alike pieces cut out, each stretch left that
 * states a rule kept as one rule, or null when no piece is a look-alike or no stretch binds. */
function narrowed(
  text: string,
  whole: SentenceClass,
  pick: Omit<DecisionFact, "entryId"> | null,
): RunOnFacts | null {
  const pieces = piecesOf(text);
  const classes = pieces.map((p) => classifySentence({ text: p.said, introducesQuote: false }));
  const alike = classes.map((c, i) => isLookAlike(c, pieces[i]?.said ?? ""));
  if (!alike.includes(true)) return null;
  if (whole.kind === "decision" && pick === null) return null;
  const found: RunOnFacts = { narrowed: true, rules: [], decisions: pick ? [pick] : [], goals: [] };
  // Stretches of pieces between the look-alikes, each read for the rule it holds.
  let start = -1;
  const close = (end: number) => {
    const span = pieces.slice(start, end);
    const rule = span
      .map((p) => classes[pieces.indexOf(p)])
      .find((c) => c?.kind === "constraint" || c?.kind === "preference");
    const said = text
      .slice(span[0]?.from ?? 0, span.at(-1)?.to ?? 0)
      .replace(/^(and|but|so|also|oh|and oh)\s+/i, "");
    if (
      rule &&
      (rule.kind === "constraint" || rule.kind === "preference") &&
      !(pick?.text.includes(said) ?? false)
    )
      found.rules.push({ text: said, kind: rule.kind, cue: rule.cue });
    start = -1;
  };
  pieces.forEach((_, i) => {
    if (alike[i]) {
      if (start >= 0) close(i);
    } else if (start < 0) start = i;
  });
  if (start >= 0) close(pieces.length);
  return found.rules.length > 0 || whole.kind === "decision" ? found : null;
}

/** The pieces of a sentence at every comma, ";" or dash, with where each stands in it. */
function piecesOf(text: string): { said: string; from: number; to: number }[] {
  const out: { said: string; from: number; to: number }[] = [];
  let from = 0;
  for (const m of text.matchAll(new RegExp(PIECE.source, "g"))) {
    out.push({ said: text.slice(from, m.index), from, to: m.index ?? from });
    from = (m.index ?? 0) + m[0].length;
  }
  out.push({ said: text.slice(from), from, to: text.length });
  return out
    .map((p) => ({ ...p, said: p.said.trim().replace(/^(and|but|so|also|oh|and oh)\s+/i, "") }))
    .filter((p) => p.said.split(/\s+/).length >= 3);
}

/** The rules ordered after ", so" in a sentence that otherwise tells how things are. */
function ordersAfterRemark(text: string): Omit<RuleFact, "entryId">[] {
  return text
    .split(/,\s+(?=so\s)/)
    .slice(1)
    .flatMap((piece) => {
      const cls = classifySentence({ text: piece, introducesQuote: false });
      return cls.kind === "constraint" || cls.kind === "preference"
        ? [{ text: piece, kind: cls.kind, cue: cls.cue }]
        : [];
    });
}
