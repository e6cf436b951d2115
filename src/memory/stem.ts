// Tokens and stems the way the memory index sees them: unicode61 word splitting with diacritics folded, then the
// classic Porter (1980) stemmer that FTS5's "porter" tokenizer applies. Used to look up term frequencies and to
// tell which query terms a returned record contains. Pure.

/** Lower-cased, diacritic-free words, split like FTS5's unicode61 tokenizer. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

const isConsonant = (w: string, i: number): boolean => {
  const c = w[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
};

/** Porter's m: the number of vowel-consonant sequences in w[0..end). */
function measure(w: string, end = w.length): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonant(w, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(w, i)) i++;
    if (i >= end) break;
    m++;
    while (i < end && isConsonant(w, i)) i++;
  }
  return m;
}

const hasVowel = (w: string, end: number): boolean => {
  for (let i = 0; i < end; i++) if (!isConsonant(w, i)) return true;
  return false;
};

const doubleConsonant = (w: string): boolean =>
  w.length >= 2 && w.at(-1) === w.at(-2) && isConsonant(w, w.length - 1);

/** consonant-vowel-consonant ending, where the last consonant is not w, x or y. */
const cvc = (w: string, end = w.length): boolean =>
  end >= 3 &&
  isConsonant(w, end - 3) &&
  !isConsonant(w, end - 2) &&
  isConsonant(w, end - 1) &&
  !"wxy".includes(w[end - 1]!);

type Rule = [suffix: string, replacement: string];

/** Replaces the first matching suffix when the remaining stem has measure > `minM`. */
function applyRules(w: string, rules: Rule[], minM: number): string {
  for (const [suffix, replacement] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stemEnd = w.length - suffix.length;
    return measure(w, stemEnd) > minM ? w.slice(0, stemEnd) + replacement : w;
  }
  return w;
}

const STEP2: Rule[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: Rule[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

function step1(word: string): string {
  let w = word;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (!w.endsWith("ss") && w.endsWith("s")) w = w.slice(0, -1);
  let cut = false;
  if (w.endsWith("eed")) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2);
    cut = true;
  } else if (w.endsWith("ing") && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3);
    cut = true;
  }
  if (cut) {
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (doubleConsonant(w) && !"lsz".includes(w.at(-1)!)) w = w.slice(0, -1);
    else if (measure(w) === 1 && cvc(w)) w += "e";
  }
  if (w.endsWith("y") && hasVowel(w, w.length - 1)) w = `${w.slice(0, -1)}i`;
  return w;
}

function step4(w: string): string {
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const end = w.length - suffix.length;
    if (suffix === "ion" && !(end > 0 && "st".includes(w[end - 1]!))) return w;
    return measure(w, end) > 1 ? w.slice(0, end) : w;
  }
  return w;
}

function step5(word: string): string {
  let w = word;
  if (w.endsWith("e")) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !cvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  if (measure(w) > 1 && doubleConsonant(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}

/** Porter stem of one lower-case token; tokens outside a–z or shorter than 3 letters pass through. */
export function stem(token: string): string {
  if (token.length < 3 || token.length > 64 || !/^[a-z]+$/.test(token)) return token;
  return step5(step4(applyRules(applyRules(step1(token), STEP2, 0), STEP3, 0)));
}
