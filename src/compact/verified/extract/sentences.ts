// Splits a user message into the sentences rule, decision and goal mining look at. Text that is not the
// user speaking is dropped first: fenced code, `>` quotes, pasted tool/linter/CI output and quoted log lines.
// A clause after a single ";" that gives the reason or the other half of the one before stays in its sentence; a
// list said with ";" is split. Every sentence returned is an exact substring of the message, so `text` stays "as
// written".

import { isImperative } from "./clause.ts";

export interface Sentence {
  text: string;
  /** True when the sentence introduces pasted or quoted material (`CI says:`, `the log reads "…"`). */
  introducesQuote: boolean;
  /** True when the sentence is an item under a heading that names rules ("Constraints:", "Things to keep in
   * mind:", "Important:"): a plain statement there states a rule. */
  listedRule?: boolean;
}

const MAX_MESSAGE_CHARS = 20_000;
const MAX_SENTENCE_CHARS = 600;

/** A line that looks like pasted output rather than prose. */
export function isPastedLine(line: string): boolean {
  const t = line.trim();
  if (t === "") return false;
  if (/^(>|\$ |# |\|)/.test(t)) return true;
  if (/^\S+\.[A-Za-z]{1,5}[:(]\d+/.test(t)) return true; // src/a.ts:12:5 …, a.py(3)
  if (/^\d+:\d+\s+(error|warning|warn|info)\b/i.test(t)) return true; // 12:5  error  …
  if (/^(error|fatal|panic)(\[[^\]]*\])?\s*[:!]/i.test(t) || /^(warning|warn)\[/i.test(t)) return true;
  if (/^(ERROR|WARN|WARNING|FAIL|FAILED|PASS|INFO|DEBUG)\b/.test(t)) return true;
  if (/^(npm|yarn|pnpm) (ERR|WARN)/.test(t)) return true;
  if (/^(at |Traceback|File ")/.test(t)) return true;
  // "• we're adding SSO": a bullet glyph before prose is a list item, not a line of tool output.
  if (/^[✖✗✘×✓✔▶›»]\s/.test(t)) return true;
  if (/^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(t)) return true; // timestamps
  if (/^\[[A-Za-z0-9 _:/.-]{1,40}\]\s/.test(t) && !/^\[x?\s?\]/i.test(t)) return true; // [lint] …, [CI] …
  if (/\s{2,}(error|warning)\s{2,}/i.test(t)) return true; // eslint table rows
  if (/\s[@a-z-]+\/[a-z-]+\s*$/.test(t) && /\b(error|warning)\b/i.test(t)) return true; // rule ids
  return false;
}

// An apostrophe of the possessive ("the report's numbers") opens no quote.
const QUOTE_INTRO =
  /(?<!\b(?:must|should|shall|always|never) )\b(says?|said|reads?|read:|wrote|writes|reports?|reported|printed|prints|outputs?|shows?|showed|complains?|complained|logged|states?|stated|quote|quoting|went like|error was|message was)\s*[:,]?\s*(["“`]|'(?!s\b))/i;
/** A person or group passing on a rule ("my lead says: …", "Message from the race committee: …"); the rule is the
 * user's to keep (see clause.ts). */
const PASSED_ON =
  /\b(lead|manager|client|customer|team|legal|compliance|cto|ceo|boss|ops|product|designer|auditors?|finance|maintainers|journal|publisher|she|he|they)( also)? (says|said|wants|insists|requires|asked)\b|^\W{0,4}(message|note|word|memo|request|rules?) from (the|our|my) /i;
const INLINE_INTRO =
  /(?<![-\w])(log|logs|ci|output|linter|lint|eslint|tsc|compiler|issue|ticket|comment|reviewer|review|message|stack ?trace|build|pipeline|bot|says|said|reads|wrote|writes|reports|reported|printed|prints|complains|complained)\b[^:.!?]{0,30}:\s+\S/i;
/** "Now build the worker side: a go consumer …": a verb that is also a word of pasted output asks for work; "so
 * what i need is an on-call bot: …" names the work; "zoo feeding log: add a field for grams" asks after its label,
 * and "key log: sitters keep forgetting to sign keys back in" tells of it in plain words (pasted lines carry
 * figures, capitals or marks). */
const ASKS_WITH_INTRO_WORD =
  /^\W{0,4}((now|then|next|first|also|and|so|ok),? )?(build|review|lint) (the|a|an|our|my|this)\b|^[\w' -]{2,30}:\s+(add|fix|make|build|remove|rename|show|support|move|change|update|create|write|allow|let) (a|an|the|our|my|this|all|every|support)\b|^\W{0,4}((so|ok|okay),? )?(what (i|we) (really )?(need|want|'d like|would like) is|(i|we) (need|want|'d like|would like) (a|an|the|to))\b/i;
/** Lower-case words only after a short label: the user's own words, not a pasted line. */
const OWN_WORDS_AFTER_LABEL =
  /^(?![a-z' -]*\b(error|errors|ci|build|output|console|server|crash|stack|terminal|tests?|lint|compiler|issues?|problems?)\b)[a-z][a-z' -]{1,30}:( [a-z']+){4,}[.!]?$/;
const COLON_INTRO =
  /(?<![-\w])(log|logs|ci|output|error|linter|lint|issue|ticket|comment|review|reviewer|message|stack ?trace|build|pipeline|bot|docs?|readme|says|said|reads|wrote)\b[^.!?]{0,40}:\s*$|(?<![-\w])(problems|issues|bugs|complaints|symptoms)( reported| so far| found| we see| we're seeing| people report)?\s*:\s*$/i;

/** A heading that names rules: "Constraints:", "**Rules:**", "Things to keep in mind:", "Some rule please:",
 * "Requirements:". Headings of tasks or steps ("Todo:", "Steps:") are not rule headings. */
const RULE_HEADING =
  /\b(rules?|constraints?|requirements?|acceptance( criteria)?|can't|cannot|must|mustn't|never|read this|remember|guidelines?|conventions?|restrictions?|limits|boundaries|ground rules|policy|policies|non-negotiables?|must[- ]haves?|musts|what (?:she|he|they|the [a-z]+|our [a-z]+) (?:needs?|wants?|requires?)|don'ts|keep in mind|to remember|to respect|important|matters|nb|heads up|reminders?)\b[^:.!?]{0,70}:/i;
/** "Do:", "Don't:", "Never:" over a list: each item is a rule (and under "Don't:" a rule against it). */
const DO_HEADING = /^\W{0,4}(do|dos|do's|don['’]?t|don['’]?ts|do not|never|avoid)\W{0,4}:\W{0,4}$/i;
const LABEL_AT_START = /^\W{0,4}([A-Za-z][\w', -]{0,40}?)\W{0,4}:/;
/** A list item's mark: a bullet, "1." or "1)", "(2)", "(a)" or "b)", a checkbox. */
export const LIST_ITEM = /^\s*([-*+•]|\d+[.)]|\(\d+\)|\(?[a-h]\)|\[[ x]?\])\s+/i;

/** Whether a line opens with a rule label ("Constraints: …", "**Rules:**", "Important:"). */
export function opensWithRuleLabel(line: string): boolean {
  const label = LABEL_AT_START.exec(line.trim());
  // "the log says 'route 14 never reset: locked'": a colon inside a quote heads nothing.
  if (label === null || /(^|\s)'/.test(label[1] as string)) return false;
  // "Constraints, in no order:" names rules before the comma; "wait, more important:" is no rule label.
  return RULE_HEADING.test(`${(label[1] as string).split(",")[0]}:`);
}

/** "should have said earlier:", "as i said:": the user's own words follow, not pasted material. */
const OWN_WORDS =
  /\b((should|could|would|must)( have|'ve)|(i|we)( already)?|as (i|we)( already)?) (said|wrote)\b/i;
/** "Notes from the modelling review:", "Outcome of the sync:", "Here's where we are on the pipeline:": the team's own
 * notes follow, not pasted material. */
const NOTES_OF =
  /^\W{0,4}((my |our |the |some )?(notes|minutes|outcome|recap|summary|takeaways|results?) (of|from)\b[^.!?]{0,40}|([a-z'-]+ ){0,3}(changes|decisions|actions|action points|updates|requests|points|rules) (from|agreed at|agreed in|at|of) (the |our |last |this |[a-z]+'s )?(agm|meeting|committee|board|call|review|trustees|session|workshop|huddle|standup|stand-up|sync|retro|catch-up|chat)\b[^.!?]{0,30}|(here's|here is|this is) (where (we|i) (are|stand)|the (plan|situation|state|status|context|background|setup|picture))\b[^.!?]{0,60}):\s*$/i;
/** "Charity shop donation log, a few things:", "my list for this week:": the user's own list follows, whatever word
 * of pasted output (log, build, review) came before it. */
const OWN_LIST =
  /\b((a few|a couple of|couple of|some|several|two|three|four|five|\d) (more |other )?(things|points|notes|items|bits|changes|wishes|asks|requests)|my (list|notes|points|wishes|asks))\b[^.!?:]{0,30}:\s*$/i;
/** "…, their rules stand:", "treat it as binding:": the user adopts the quote that follows as requirements. */
const ENDORSES_QUOTE =
  /\b((rules?|requirements?|constraints?|terms|conditions|points|wishes) (still )?(stand|apply|hold)|(treat|take|read) (it|this|that|them|these|those) as (binding|requirements?|rules?|a requirement|law|given)|(is|are) binding|(requirements?|rules?|constraints?) from (the |our |my )?[a-z]+)\b[^.!?]{0,20}:\s*$/i;
/** "Story from the board:", "the ticket:": the quoted work item that follows is the work the user brings. */
const WORK_QUOTE_INTRO =
  /^\W{0,4}((pasting|copying|quoting|here's|here is|from) )?((the|this|our|my|a|here's the|here is the) )?(user story|story|ticket|issue|card|epic|task)( [a-z]*-?\d+)?( (from|on|in) (the |our )?[a-z -]{2,20})?\W{0,4}:\s*$/i;
const MARKDOWN_HEADING = /^\s*#{1,6}\s+(.+?)\s*#*\s*$/;

/** A line ending in a colon whose words are the user's own (notes, a list, rules), not an intro of pasted output. */
const ownIntro = (raw: string): boolean =>
  OWN_WORDS.test(raw) || NOTES_OF.test(raw) || OWN_LIST.test(raw.trim()) || headsRules(raw);

/** A line that heads a list of rules: "Some ground rules:" (its last sentence), "Things that can't change:",
 * "Before you touch the billing code, read this:", "## Requirements". */
function headsRules(raw: string): boolean {
  const heading = MARKDOWN_HEADING.exec(raw);
  if (heading) return RULE_HEADING.test(`${heading[1]}:`);
  return /:\W{0,4}$/.test(raw.trim()) && RULE_HEADING.test(splitLine(raw).at(-1) ?? "");
}

interface ProseLine {
  line: string;
  quoted: boolean;
  /** The line is an item of a list under a rule heading. */
  listed: boolean;
  /** The item is under a heading that forbids ("Don't:"): its words name what not to do. */
  forbidden?: boolean;
}

/** Strips code fences and pasted lines; lines under an intro such as "CI says:" are marked quoted, list items
 * under a rule heading are marked listed. */
function proseLines(message: string): ProseLine[] {
  const out: ProseLine[] = [];
  let inFence = false;
  let underIntro = false;
  let underRules = false;
  let underDont = false;
  let endorsed = false;
  let inQuote = false;
  for (const raw of message.slice(0, MAX_MESSAGE_CHARS).split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (raw.trim() === "") {
      underIntro = false;
      continue;
    }
    // "Their rules stand:\n> … must …": a quote the user adopts is kept as the user's words (without the marker).
    const quote = /^\s*>\s?/.exec(raw);
    if (quote && endorsed) {
      out.push({ line: raw.slice(quote[0].length), quoted: false, listed: false });
      inQuote = true;
      continue;
    }
    // A `>` block ends the material its intro announced: the next line is the user again.
    if (inQuote && !quote) underIntro = false;
    inQuote = quote !== null;
    if (isPastedLine(raw)) continue;
    endorsed = ENDORSES_QUOTE.test(raw) || WORK_QUOTE_INTRO.test(raw.trim());
    const item = LIST_ITEM.test(raw);
    // A rule list ends at the first line that is not an item of it.
    if (underRules && !item) underRules = underDont = false;
    out.push({ line: raw, quoted: underIntro, listed: underRules, forbidden: underDont && item });
    if (!underIntro) underIntro = COLON_INTRO.test(raw.trim()) && !ownIntro(raw);
    if (headsRules(raw) || DO_HEADING.test(raw)) underRules = true;
    if (DO_HEADING.test(raw)) underDont = /n['’]?t|not|never|avoid/i.test(raw);
  }
  return out;
}

/** Sentence boundaries: . ! ? or ; followed by space, or the line's end. A list marker ("1. ") is no sentence. */
function splitLine(line: string): string[] {
  const parts: string[] = [];
  let start = 0;
  // An emoji closes a chat sentence as a full stop does ("everything is on fire today 😩 ok whatever, …").
  const re = /[.!?]+["”')\]]*\s+(?=\S)|;\s+(?=\S)|\p{Extended_Pictographic}\uFE0F?\s+(?=[a-zA-Z])/gu;
  /** The last boundary was a ";" split: the sentence is a list said with ";". */
  let listed = false;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const end = m.index + m[0].trimEnd().length;
    const piece = line.slice(start, end);
    if (isAbbreviation(piece) || /^\s*\d{1,3}[.)]$/.test(piece) || insideBrackets(line.slice(start, m.index)))
      if (!closesBracketedSentence(piece, line.slice(m.index + m[0].length))) continue;
    const rest = line.slice(m.index + m[0].length);
    const semi = m[0].startsWith(";");
    // "… their proxy; tokens expire …; we can't …": a list said with ";" is split into its items.
    if (semi && (pointsBack(piece, rest) || (!listed && elaborates(piece, rest)))) continue;
    listed = semi;
    parts.push(line.slice(start, end));
    start = m.index + m[0].length;
  }
  parts.push(line.slice(start));
  return parts
    .flatMap(splitAtDashes)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** "the readings table is owned by them; don't alter it": an order after ";" that points back ("it", "that") to a
 * clause stating no rule of its own says one rule with it, and stays in its sentence. */
function pointsBack(before: string, after: string): boolean {
  const next = after.split(/[.!?;]\s|[.!?;]$/)[0] ?? "";
  return (
    words(before) >= 3 &&
    words(next) <= 12 &&
    !STATES_RULE.test(before) &&
    ORDER.test(next) &&
    /\b(it|its|them|that|those|this|these|there)\b/i.test(next)
  );
}
/** "please don't touch the invoicing module; Martin is rewriting it", "clubs are invoiced monthly; they never pay at
 * booking": a statement after ";" that asks nothing, orders nothing and refuses nothing gives the reason or the
 * other half of the clause before it. */
function elaborates(before: string, after: string): boolean {
  const next = (after.split(/[.!?;]\s|[.!?;]$/)[0] ?? "").trim();
  const bare = next.toLowerCase().replace(/^(please|and|so|then|also|but)\s+/, "");
  // "keep the sms provider we have; don't introduce a second one": after a rule, an order or a wish completes it.
  const afterRule = STATES_RULE.test(before);
  return (
    !after.includes(";") &&
    words(before) >= 3 &&
    words(next) >= 2 &&
    words(next) <= 15 &&
    // "a reviewer said to rewrite it in go; we're not doing that": a refusal is a choice of its own.
    !/^((we|i)('re| are|'m| am| will|'ll)?|that's|that is) (not|never|won't|don't)\b|^not\b/i.test(next) &&
    !after.trimStart().slice(next.length).startsWith("?") &&
    (afterRule || (!/\b(would|could|might|'d)\b/i.test(next) && !ORDER.test(next) && !isImperative(bare)))
  );
}
const STATES_RULE =
  /\b(must|should|shall|never|always|don't|do not|only|keep|need|needs|has to|have to|avoid|can't|cannot|won't|no)\b/i;
const ORDER = /^(please\s+|so\s+|and\s+|but\s+|just\s+)?(don't|do not|never|go with|use|leave|read|ask)\b/i;

const words = (t: string) =>
  t
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "").length;

/** "quick one - the upload is broken - keep the fix small": spaced dashes joining clauses of three words or
 * more on the left end a clause; "Verdict — pnpm." keeps its label. Pieces stay substrings of the line. */
function splitAtDashes(sentence: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /\s[-–—]\s/g;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    const left = sentence.slice(start, m.index);
    // "the site shows: 'route closed – do not use'": a dash inside a quote joins the quoted words.
    if (insideQuote(sentence.slice(0, m.index))) continue;
    if (words(left) >= 3 && words(sentence.slice(m.index + m[0].length)) >= 2) {
      out.push(left);
      start = m.index + m[0].length;
    }
  }
  out.push(sentence.slice(start));
  return out;
}

/** Whether a quote opened before this point is still open: straight double quotes, curly quotes, or a single quote
 * opening a word ("shows: 'route closed"). */
function insideQuote(before: string): boolean {
  const straight = (before.match(/"/g)?.length ?? 0) % 2 === 1;
  const curly = (before.match(/[“‘]/g)?.length ?? 0) > (before.match(/[”’](?![a-z])/g)?.length ?? 0);
  // "the till printed: ORDER REJECTED — …": a message in capitals after a colon runs to the end.
  if (/:\s+[A-Z]{2,}[A-Z0-9.,;!'"-]*( [A-Z0-9.,;!'"-]+)+$/.test(before)) return true;
  const single =
    (before.match(/(^|[\s:(])'(?=\S)/g)?.length ?? 0) > (before.match(/\S'(?=$|[\s.,!?;:)])/g)?.length ?? 0);
  return straight || curly || single;
}

/** "a realistic (synthetic!) message": a mark inside an open bracket ends no sentence. */
function insideBrackets(before: string): boolean {
  return (before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0);
}

/** "(we chose memcached in 2021, different story.) I'd like …": a full bracketed sentence closed, then a new one
 * with a capital letter. */
function closesBracketedSentence(piece: string, after: string): boolean {
  return /[.!?]\)$/.test(piece.trim()) && !insideBrackets(piece) && /^[A-Z]/.test(after);
}

function isAbbreviation(piece: string): boolean {
  return /\b(e\.g|i\.e|etc|vs|approx|incl|cf|Mr|Dr|St|no|p\.s|n\.b)\.$/i.test(piece.trim());
}

/** The sentences of a user message, with list markers and emphasis kept as the user typed them. */
export function sentencesOf(message: string): Sentence[] {
  const sentences: Sentence[] = [];
  for (const { line, quoted, listed, forbidden } of proseLines(message)) {
    if (quoted) continue; // a block pasted under "CI says:" is not the user speaking
    // "Constraints: no native builds; Node 22 only": the pieces after an inline rule label are listed too.
    let labelled = false;
    for (const text of splitLine(line)) {
      const cut = text.length > MAX_SENTENCE_CHARS ? text.slice(0, MAX_SENTENCE_CHARS) : text;
      // "Don't:\n- block the UI thread": the item is kept as the rule it states, with its "don't".
      const sentence = forbidden ? `Don't: ${cut.replace(LIST_ITEM, "")}` : cut;
      labelled ||= opensWithRuleLabel(sentence) && !/:\W{0,4}$/.test(sentence);
      sentences.push({
        text: sentence,
        introducesQuote:
          !ASKS_WITH_INTRO_WORD.test(sentence) &&
          !OWN_WORDS_AFTER_LABEL.test(sentence) &&
          !OWN_WORDS.test(sentence) &&
          (QUOTE_INTRO.test(sentence) ||
            (COLON_INTRO.test(sentence) && !ownIntro(sentence)) ||
            (INLINE_INTRO.test(sentence) && !PASSED_ON.test(sentence))),
        listedRule: listed || labelled,
      });
      labelled = labelled && sentence.endsWith(";");
    }
  }
  return sentences;
}

/** The sentence without list markers, emphasis and leading "please"/"also", lowercased, for cue matching. */
export function normalizeSentence(text: string): string {
  return (
    text
      .replace(LIST_ITEM, "")
      // "that `# TODO: must always be Float64?` comment": a code span of several words is code, not the user's words.
      .replace(/`([^`]*)`/g, (_, inner: string) => (/\s/.test(inner.trim()) ? "code" : inner))
      .replace(/[*_`]/g, "")
      .replace(
        /^(ok(ay)?|so|also|and|but|oh|btw|one more thing|important|note|reminder|ps|p\.s\.)[,:!-]*\s+/i,
        "",
      )
      .replace(/^(please|pls|kindly)[,]?\s+/i, "")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      // "we dont roster …", "it doesnt": the apostrophe left out is the same word.
      .replace(/\b(do|does|did|is|are|was|were|should|would|could|must|has|have|had)nt\b/g, "$1n't")
  );
}
