// Software concepts in a text: the lexicon's groups (lexicon/*.ts) matched by Porter stems, longest phrase first,
// so "api key" is a credential and not an identifier. A word or phrase in several groups counts a share in each,
// and groups marked "~" (generic words such as "change" or "rule") count less. Pure. The shipped table is read
// from its built form (sorted lines, looked up by halving), so a search never builds the whole table.
import { stem, tokenize } from "../stem.ts";
import built from "./lexicon/built.json" with { type: "json" };
import { splitCamelCase } from "./word-vectors.ts";

/** Weight of a group whose string starts with "~". */
const GENERIC_WEIGHT = 0.35;
/** Words that never match alone (too common to mean a concept). */
const NEVER_ALONE = new Set("a an the to of in on at for by is it do be".split(" "));

export interface ConceptTable {
  groups: number;
  /** Words in the lexicon's longest phrase. */
  longest: number;
  weights: Float32Array;
  /** Groups of a phrase as written (lower-case words joined by one space); looked up first. */
  exact(phrase: string): readonly number[] | undefined;
  /** Groups of a stemmed phrase (stems joined by one space). */
  stemmed(phrase: string): readonly number[] | undefined;
}

/** The table as plain data (lexicon/built.json, written by scripts/fixtures/concept-table.ts). */
export interface BuiltConceptTable {
  groups: number;
  longest: number;
  /** Numbers of the generic groups. */
  generic: number[];
  /** Lines "phrase<TAB>group,group" sorted by phrase, joined by newlines: as written, then stemmed. */
  exact: string;
  stemmed: string;
}

const words = (text: string) => tokenize(text);

function addTo(map: Map<string, number[]>, key: string, group: number): void {
  const list = map.get(key) ?? [];
  if (!list.includes(group)) list.push(group);
  map.set(key, list);
}

/** The table's data from the lexicon's lines (the build script and tests; a search reads the built form). */
export function buildConcepts(lines: readonly string[]): BuiltConceptTable {
  const exact = new Map<string, number[]>();
  const stemmed = new Map<string, number[]>();
  const generic: number[] = [];
  let longest = 1;
  lines.forEach((line, group) => {
    if (line.startsWith("~")) generic.push(group);
    for (const term of line.replace(/^~/, "").split(",")) {
      const written = words(term);
      if (written.length === 0) continue;
      longest = Math.max(longest, written.length);
      addTo(exact, written.join(" "), group);
      addTo(stemmed, written.map(stem).join(" "), group);
    }
  });
  const sortedLines = (map: Map<string, number[]>) =>
    [...map.keys()]
      .sort((a, b) => (a < b ? -1 : 1))
      .map((key) => `${key}\t${map.get(key)!.join(",")}`)
      .join("\n");
  return { groups: lines.length, longest, generic, exact: sortedLines(exact), stemmed: sortedLines(stemmed) };
}

/** The line value for `key` in sorted "key<TAB>value" lines, found by halving over character offsets. */
function findLine(lines: string, key: string): string | undefined {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = lines.lastIndexOf("\n", mid - 1) + 1;
    const tab = lines.indexOf("\t", start);
    const newline = lines.indexOf("\n", tab);
    const end = newline < 0 ? lines.length : newline;
    const at = lines.slice(start, tab);
    if (at === key) return lines.slice(tab + 1, end);
    if (at < key) lo = end + 1;
    else hi = start;
  }
  return undefined;
}

/** Lookups over sorted lines, each answer kept (a text repeats its words). */
function lookupIn(lines: string): (phrase: string) => readonly number[] | undefined {
  const seen = new Map<string, readonly number[] | undefined>();
  return (phrase) => {
    if (seen.has(phrase)) return seen.get(phrase);
    const value = findLine(lines, phrase);
    const groups = value === undefined ? undefined : value.split(",").map(Number);
    seen.set(phrase, groups);
    return groups;
  };
}

/** A table over built data. */
export function conceptTableOf(data: BuiltConceptTable): ConceptTable {
  const weights = new Float32Array(data.groups).fill(1);
  for (const group of data.generic) weights[group] = GENERIC_WEIGHT;
  return {
    groups: data.groups,
    longest: data.longest,
    weights,
    exact: lookupIn(data.exact),
    stemmed: lookupIn(data.stemmed),
  };
}

/** A table straight from lexicon lines (tests). */
export const buildConceptTable = (lines: readonly string[]) => conceptTableOf(buildConcepts(lines));

let table: ConceptTable | null = null;
/**
 * The lexicon keel ships (lexicon/index.ts), read from its built form: stemming every phrase, or even building
 * maps of them, on each start cost more than the rest of a memory search. A test checks the built file equals a
 * fresh build of the lexicon.
 */
export function conceptTable(): ConceptTable {
  table ??= conceptTableOf(built as BuiltConceptTable);
  return table;
}

/**
 * Group number → weight for the concepts a text mentions (a group mentioned twice counts once). A phrase as
 * written wins over its stems, so "iOS" is the platform and not "io", the stem it shares with file I/O.
 */
export function textConcepts(concepts: ConceptTable, text: string): Map<number, number> {
  const known = (word: string) =>
    concepts.exact(word) !== undefined || concepts.stemmed(stem(word)) !== undefined;
  const written = words(splitCamelCase(text, known));
  const stems = written.map(stem);
  const found = new Map<number, number>();
  for (let at = 0; at < written.length; ) {
    let matched = 0;
    for (let n = Math.min(concepts.longest, written.length - at); n >= 1 && matched === 0; n--) {
      if (n === 1 && NEVER_ALONE.has(written[at]!)) break;
      const groups =
        concepts.exact(written.slice(at, at + n).join(" ")) ??
        concepts.stemmed(stems.slice(at, at + n).join(" "));
      if (!groups) continue;
      matched = n;
      for (const group of groups) {
        const weight = concepts.weights[group]! / groups.length;
        found.set(group, Math.max(found.get(group) ?? 0, weight));
      }
    }
    at += Math.max(matched, 1);
  }
  return found;
}
