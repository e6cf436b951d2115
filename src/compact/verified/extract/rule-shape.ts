// The shape of a rule whatever its verb, read from part-of-speech tags (issue 28): an imperative whose first word
// the tagger reads as a verb ("hyphenate compound adjectives"), and a norm stated of a class of things in the
// present tense ("cache entries expire after an hour", "every screen gets a loading state"). Pure: the tagger is
// passed in (pos-tagger.ts is the edge that loads the model). Descriptions of how the code is now ("right now the
// cache holds ids", "this function returns null") and narration set no rule. Inputs are normalized lowercase.

/** One word and its universal part-of-speech tag (VERB, NOUN, AUX, DET, ...). */
export interface TaggedWord {
  word: string;
  tag: string;
}
export type Tagger = (text: string) => TaggedWord[];
export type RuleShape = "imperative" | "norm";

/** Words that may stand before an imperative's verb: politeness, frequency. */
const LEAD = /^((please|pls|kindly|always|never|just|also|only|simply),? )+/;
/** Determiners and possessives: a word right before one is the verb of "<verb> the/every/its …". */
const OBJECT_START = new Set(["the", "a", "an", "every", "each", "all", "any", "its", "their", "our", "your"]);
/** The subject of a norm names a class: a quantifier, or no determiner (a bare plural). */
const QUANTIFIER = new Set(["every", "each", "all", "any", "no"]);
const SUBJECT_TAGS = new Set(["NOUN", "PROPN", "ADJ", "NUM", "DET", "PUNCT"]);
/** How it is now, or what someone saw: a description or a story, not a rule. */
const DESCRIPTION =
  /\b(currently|right now|at the moment|for now|today|now|usually|sometimes|often|for some reason|as far as i can tell|it looks like|looks like|i see|i noticed|seems?|on my (laptop|machine|phone)|most of|some of|line \d+|which is why|anymore|still|right away|by hand|nobody|apparently|for ages)\b|^(then|so|and then)\b/;
/** Verbs that report a symptom or a measure, not a rule ("the suite takes twelve minutes"). */
const SYMPTOM =
  /^(takes?|breaks?|fails?|crash(es)?|hangs?|swallows?|skips?|loses?|leaks?|stalls?|throws?|complains?|costs?|seems?|looks?|happens?)$/;
/** Auxiliaries of a present passive norm ("payloads are signed with the key"); past ones tell a story. */
const PRESENT_AUX = new Set(["is", "are", "get", "gets"]);

const isVerb = (t: TaggedWord | undefined) => t !== undefined && t.tag === "VERB";
const baseForm = (word: string) => /^[a-z][a-z-]{2,}$/.test(word) && !/(ing|ed)$/.test(word);

/** Whether a clause opens with a verb in its base form (after "please", "always" and the like). */
export function opensWithVerb(clause: string, tag: Tagger): boolean {
  const rest = clause.replace(LEAD, "");
  const first = rest.split(" ")[0] ?? "";
  if (!baseForm(first) || /s$/.test(first)) return false;
  // Read as said to someone: "you <clause>" makes the tagger weigh the verb reading of the first word.
  const tagged = tag(`you ${rest}`);
  const [, verb, next] = tagged;
  if (verb === undefined || verb.word !== first) return false;
  if (isVerb(next) || next?.tag === "AUX") return false;
  return verb.tag === "VERB" || (next !== undefined && OBJECT_START.has(next.word));
}

/** The words before the first verb, when they name a class of things; else null. */
function classSubject(tagged: TaggedWord[]): { end: number; plural: boolean } | null {
  const end = tagged.findIndex((t) => t.tag === "VERB" || t.tag === "AUX");
  if (end < 1) return null;
  const subject = tagged.slice(0, end);
  if (!subject.every((t) => SUBJECT_TAGS.has(t.tag))) return null;
  const first = subject[0] as TaggedWord;
  const head = subject[subject.length - 1] as TaggedWord;
  if (head.tag !== "NOUN" && head.tag !== "PROPN") return null;
  const quantified = QUANTIFIER.has(first.word);
  const bare = !subject.some((t) => t.tag === "DET");
  const plural = /[a-z]s$/.test(head.word) && !/ss$/.test(head.word);
  if (quantified || (bare && plural)) return { end, plural };
  return null;
}

/** Whether the clause states, in the present tense, how a class of things is kept or behaves. */
export function statesNorm(clause: string, tag: Tagger): boolean {
  if (DESCRIPTION.test(clause) || clause.endsWith("?")) return false;
  const tagged = tag(clause);
  const subject = classSubject(tagged) ?? verblessSubject(tagged, tag);
  if (subject === null) return false;
  const verb = tagged[subject.end] as TaggedWord;
  if (SYMPTOM.test(verb.word)) return false;
  if (verb.tag === "AUX") {
    // "webhook payloads are signed with the secret": a present passive; "were signed" is a story.
    const participle = tagged[subject.end + 1];
    return PRESENT_AUX.has(verb.word) && isVerb(participle) && /(ed|en|wn|t)$/.test(participle?.word ?? "");
  }
  if (!baseForm(verb.word)) return false;
  // A plural subject takes the base form, a singular one the -s form ("every job records").
  return subject.plural ? !/[^s]s$/.test(verb.word) || /ss$/.test(verb.word) : /s$/.test(verb.word);
}

/** "prices display with two decimals": the tagger read the verb as a noun of the subject; read the words after a
 * bare plural as said of "they" to find it. */
function verblessSubject(tagged: TaggedWord[], tag: Tagger): { end: number; plural: boolean } | null {
  if (tagged.some((t) => t.tag === "VERB" || t.tag === "AUX")) return null;
  const at = tagged.findIndex((t, i) => i < 4 && t.tag === "NOUN" && /[a-z]s$/.test(t.word));
  const candidate = tagged[at + 1];
  if (at < 0 || candidate === undefined || !baseForm(candidate.word) || /s$/.test(candidate.word)) return null;
  if (tagged.slice(0, at).some((t) => t.tag === "DET")) return null;
  const rest = tagged.slice(at + 1).map((t) => t.word);
  const again = tag(`they ${rest.join(" ")}`);
  if (!isVerb(again[1])) return null;
  tagged[at + 1] = { word: candidate.word, tag: "VERB" };
  return { end: at + 1, plural: true };
}

/** The rule shape of a clause the word lists left unread, or null. */
export function ruleShapeOf(clause: string, tag: Tagger): RuleShape | null {
  if (opensWithVerb(clause, tag)) return "imperative";
  return statesNorm(clause, tag) ? "norm" : null;
}
