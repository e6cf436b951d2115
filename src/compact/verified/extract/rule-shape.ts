// The shape of a rule whatever its verb, read from part-of-speech tags (issue 28): an imperative whose first word
// the tagger reads as a verb in its base form ("hyphenate compound adjectives"), and a norm stated of a class of
// things in the present tense ("cache entries expire after an hour", "every screen gets a loading state"). Pure:
// the tagger is passed in (pos-tagger.ts is the edge that loads the model). Status reports ("tests pass", "two
// charts done"), descriptions of how the code is now ("right now the cache holds ids") and narration set no rule.
// Inputs are normalized lowercase clauses.

/** One word, its universal part-of-speech tag (VERB, NOUN, AUX, DET, ...) and its dictionary form. */
export interface TaggedWord {
  word: string;
  tag: string;
  lemma: string;
}
export type Tagger = (text: string) => TaggedWord[];
export type RuleShape = "imperative" | "norm";

/** Words that may stand before an imperative's verb: politeness, frequency. */
const LEAD = /^((please|pls|kindly|always|never|just|also|only|simply),? )+/;
/** Determiners and possessives: a word right before one is the verb of "<verb> the/every/its …". */
const OBJECT_START = new Set([
  "the",
  "a",
  "an",
  "every",
  "each",
  "all",
  "any",
  "its",
  "their",
  "our",
  "your",
]);
/** The subject of a norm names a class: a quantifier, or no determiner (a bare plural). */
const QUANTIFIER = new Set(["every", "each", "all", "any", "no"]);
const SUBJECT_TAGS = new Set(["NOUN", "PROPN", "ADJ", "DET", "PUNCT"]);
/** Subjects that count or sample ("most products", "two charts"): a report, not a rule. */
const SAMPLE = new Set(["most", "many", "some", "few", "several", "both", "other", "more", "these", "those"]);
/** How it is now, or what someone saw: a description or a story, not a rule. */
const DESCRIPTION =
  /\b(currently|right now|at the moment|for now|today|now|usually|sometimes|often|for some reason|as far as i can tell|it looks like|looks like|i see|i noticed|seems?|on my (laptop|machine|phone)|most of|some of|line \d+|which is why|anymore|still|right away|by hand|nobody|apparently|for ages)\b|^(then|so|and then)\b/;
/** How well something goes: a symptom reported, not a rule ("pictures load slowly on mobile"). */
const VERDICT =
  /\b(slow(ly)?|fast|quick(ly)?|bad(ly)?|weird(ly)?|random(ly)?|intermittent(ly)?|fine|flaky|broken|green|red|passing|failing|done|ready)\b/;
/** Verbs that report a symptom, a status or a measure, not a rule ("the suite takes twelve minutes", "tests pass"). */
const REPORT =
  /^(take|break|fail|crash|hang|swallow|skip|lose|leak|stall|throw|complain|cost|seem|look|happen|pass|match|work|show|warn|appear|include|mean|say|keep|want|need|like|love|hate|exist|know|confuse|vary|understand|forget|remember|struggle|enjoy|care|trust|find|annoy)$/;

/** Words that open no imperative (pronouns, determiners, auxiliaries, conjunctions, question words). */
const CLOSED_START =
  /^(i|you|we|they|he|she|it|this|that|these|those|there|here|the|a|an|my|our|your|their|its|some|any|all|every|each|no|none|everything|nothing|something|anything|everyone|anyone|someone|nobody|last|next|is|are|was|were|be|been|am|has|have|had|do|does|did|will|would|can|could|should|shall|may|might|must|and|or|but|so|if|when|then|than|as|not|what|which|who|how|why|where|turn|step|part|note|ok|okay|yes|yeah|thanks)$/;
/** A norm's subject is a quantifier or ends in a plural within its first three words: others are not tagged. */
const NORM_START = /^((every|each|all|any|no) |([a-z-]+ ){0,2}[a-z-]{2,}s )/;
/** The words tagged: subject, verb and what follows fit in the first ten; the tagger's cost grows with words. */
const head = (text: string) => text.split(" ").slice(0, 10).join(" ");

/** A plural noun: the tagger gave a singular lemma, or a word it does not know ends like one ("usernames"). */
const pluralNoun = (t: TaggedWord) =>
  (t.lemma !== t.word && t.word.endsWith("s")) ||
  (t.lemma === t.word && t.word.length > 4 && /[^isu]s$/.test(t.word));
/** Words of a compound subject: nouns, adjectives and the hyphen of "third-party". */
const compoundPart = (t: TaggedWord) =>
  t.tag === "NOUN" || t.tag === "PROPN" || t.tag === "ADJ" || t.word === "-";

const isVerb = (t: TaggedWord | undefined) => t !== undefined && t.tag === "VERB";
const isNoun = (t: TaggedWord | undefined) => t !== undefined && (t.tag === "NOUN" || t.tag === "PROPN");
const lettered = (word: string) => /^[a-z][a-z-]{2,}$/.test(word);

/** "helm lint fails", "patients book through a widget": nouns, then a finite verb: a statement, not an order. */
function declarative(tagged: TaggedWord[]): boolean {
  const verb = tagged.findIndex((t) => t.tag === "VERB" || t.tag === "AUX");
  return verb > 0 && tagged.slice(0, verb).every((t) => isNoun(t) || t.tag === "ADJ");
}

/** "search returns stale results", "heap snapshots show the leak": one or two words, then a word read as the
 * verb of "it" or "they"; asked only when the tagger did not read the first word as a verb. */
function readsAsStatement(words: string[], plain: TaggedWord[], tag: Tagger): boolean {
  for (const k of [1, 2]) {
    const word = words[k];
    if (word === undefined || !lettered(word)) return false;
    // A two-word subject is two nouns ("heap snapshots"); "suffix async functions" opens with a verb and its object.
    if (k === 2 && !isNoun(plain[1])) return false;
    const rest = words.slice(k).join(" ");
    const subject = (words[k - 1] ?? "").endsWith("s") ? "they" : "it";
    const read = tag(`${subject} ${rest}`)[1];
    if (isVerb(read) && (subject === "it" ? word.endsWith("s") : read?.lemma === word)) return true;
  }
  return false;
}

/** Whether a clause opens with a verb in its base form (after "please", "always" and the like). */
export function opensWithVerb(clause: string, tag: Tagger): boolean {
  const rest = clause.replace(LEAD, "");
  const first = rest.split(" ")[0] ?? "";
  if (
    !lettered(first) ||
    /s$/.test(first) ||
    (/[^e]ed$/.test(first) && first.length > 4) ||
    CLOSED_START.test(first)
  )
    return false;
  // Read as said to someone: "you <clause>" makes the tagger weigh the verb reading of the first word.
  const said = tag(`you ${head(rest)}`);
  const [, verb, next] = said;
  if (verb === undefined || verb.word !== first || verb.lemma !== first) return false;
  if (isVerb(next) || said.slice(2, 6).some((t) => t.tag === "AUX")) return false;
  // "profile pictures load slowly": the words read as a subject and its verb too.
  const plain = tag(head(rest));
  if (declarative(plain) || verblessSubject([...plain], tag) !== null) return false;
  if (!isVerb(plain[0]) && readsAsStatement(head(rest).split(" "), plain, tag)) return false;
  return verb.tag === "VERB" || (next !== undefined && OBJECT_START.has(next.word));
}

/** Where the verb after a subject naming a class of things stands, and whether the subject is plural; else null. */
function classSubject(tagged: TaggedWord[]): { end: number; plural: boolean } | null {
  const end = tagged.findIndex((t) => t.tag === "VERB" || t.tag === "AUX");
  if (end < 1) return null;
  const first = tagged[0] as TaggedWord;
  // "every public function in the sdk needs …": a quantified subject may carry a phrase after its noun.
  const of = QUANTIFIER.has(first.word)
    ? tagged.findIndex((t, i) => i > 1 && i < end && t.tag === "ADP")
    : -1;
  const subject = tagged.slice(0, of > 0 ? of : end);
  if (!subject.every((t) => SUBJECT_TAGS.has(t.tag) && !SAMPLE.has(t.word))) return null;
  const head = subject[subject.length - 1] as TaggedWord;
  if (!isNoun(head)) return null;
  const plural = pluralNoun(head);
  const bare = !subject.some((t) => t.tag === "DET");
  if (QUANTIFIER.has(first.word) || (bare && plural))
    return { end, plural: plural && first.word !== "every" };
  return null;
}

/** "prices display with two decimals": the tagger read the verb as a noun of the subject; read the words after a
 * bare plural as said of "they" to find it. */
function verblessSubject(tagged: TaggedWord[], tag: Tagger): { end: number; plural: boolean } | null {
  if (tagged.some((t) => t.tag === "VERB" || t.tag === "AUX")) return null;
  const at = tagged.findIndex((t, i) => i < 5 && isNoun(t) && pluralNoun(t));
  const candidate = tagged[at + 1];
  if (at < 0 || candidate === undefined || !lettered(candidate.word) || candidate.word.endsWith("s"))
    return null;
  if (!tagged.slice(0, at).every(compoundPart)) return null;
  const again = tag(
    `they ${tagged
      .slice(at + 1)
      .map((t) => t.word)
      .join(" ")}`,
  );
  if (!isVerb(again[1]) || again[1]?.lemma !== candidate.word) return null;
  tagged[at + 1] = { ...candidate, tag: "VERB", lemma: candidate.word };
  return { end: at + 1, plural: true };
}

/** Whether the clause states, in the present tense, how a class of things is kept or behaves. */
export function statesNorm(clause: string, tag: Tagger): boolean {
  if (!NORM_START.test(clause) || DESCRIPTION.test(clause) || VERDICT.test(clause) || clause.endsWith("?"))
    return false;
  if (/\d/.test(clause)) return false;
  // "every minute drains battery": a span of time is no class of things kept by a rule.
  if (/^(every|each|all|any) (seconds?|minutes?|hours?|days?|weeks?|months?|years?|time)\b/.test(clause))
    return false;
  const tagged = tag(head(clause));
  const subject = classSubject(tagged) ?? verblessSubject(tagged, tag);
  if (subject === null) return false;
  const verb = tagged[subject.end] as TaggedWord;
  const quantified = QUANTIFIER.has(tagged[0]?.word ?? "");
  // "all money amounts are integers": a quantified class said to be something; a bare plural "are" describes.
  if (/^(all|every|each)$/.test(tagged[0]?.word ?? "") && /^(are|is)$/.test(verb.word))
    return tagged[subject.end + 1]?.tag !== "PUNCT";
  // A present-tense verb with something after it; "payloads are signed" and "tests written" describe a state.
  // "every function needs a doc comment": a need of a whole class is a rule, a need of some is a report.
  if (!isVerb(verb) || !lettered(verb.word)) return false;
  if (REPORT.test(verb.lemma) && !(quantified && /^(need|keep|include)$/.test(verb.lemma))) return false;
  // "tests run, nothing pushed": the verb ends its clause; a norm says how or where.
  if ((tagged[subject.end + 1]?.tag ?? "PUNCT") === "PUNCT") return false;
  // A plural subject takes the base form, a singular one the -s form ("every job records").
  return subject.plural ? verb.word === verb.lemma : verb.word !== verb.lemma && verb.word.endsWith("s");
}

/** Verbs of feeling, seeing and asking, beside the reporting verbs: news about the work, not how it goes. */
const NEWS = /^(prefer|think|feel|sound|miss|get|ask|tell|see|notice|make)$/;

/** "cancellations inside 24 hours forfeit the deposit", told on by someone whose word binds: looser than a norm the
 * user states (any subject of its own, figures allowed), but still a present verb that is no news (the past, a
 * feeling, a symptom or how things stand today). */
export function statesToldNorm(told: string, tag: Tagger): boolean {
  const clause = told.split(/[,;:] /)[0] as string;
  // "told me a story about …": what was told is a thing, not a clause.
  if (/^(i|we|you|it|this|that|he|she|they|there|which|who|a|an)\b/.test(clause) || told.endsWith("?"))
    return false;
  if (
    /\b(now|currently|today|right now|at the moment|sometimes|again|still|anymore|problem|bug|error|issue|slow|broken|noise)\b/.test(
      told,
    )
  )
    return false;
  // "after may": a month, not a modal.
  const words = tag(clause.replace(/\b(after|before|in|until|since|from|by|of) may\b/g, "$1 june"));
  const verb = words.find((w) => (w.tag === "VERB" || w.tag === "AUX") && !/ing$/.test(w.word));
  if (
    verb === undefined ||
    verb === words[0] ||
    !isVerb(verb) ||
    REPORT.test(verb.lemma) ||
    NEWS.test(verb.lemma)
  )
    return false;
  return verb.word === verb.lemma || (verb.word.endsWith("s") && !/ed$/.test(verb.word));
}

/** The rule shape of a clause the word lists left unread, or null. */
export function ruleShapeOf(clause: string, tag: Tagger): RuleShape | null {
  if (opensWithVerb(clause, tag)) return "imperative";
  return statesNorm(clause, tag) ? "norm" : null;
}
