// Software concepts in a text: the lexicon's groups (lexicon/*.ts) matched by Porter stems, longest phrase first,
// so "api key" is a credential and not an identifier. A word or phrase in several groups counts a share in each,
// and groups marked "~" (generic words such as "change" or "rule") count less. Pure; the table is built once.
import { stem, tokenize } from "../stem.ts";
import built from "./lexicon/built.json" with { type: "json" };
import { splitCamelCase } from "./word-vectors.ts";

/** Weight of a group whose string starts with "~". */
const GENERIC_WEIGHT = 0.35;
/** Words that never match alone (too common to mean a concept). */
const NEVER_ALONE = new Set("a an the to of in on at for by is it do be".split(" "));

export interface ConceptTable {
  groups: number;
  /** Phrase as written (lower-case words joined by one space) → group numbers; looked up first. */
  exact: Map<string, number[]>;
  /** Stemmed phrase (stems joined by one space) → group numbers. */
  phrases: Map<string, number[]>;
  weights: Float32Array;
  /** Words in the lexicon's longest phrase. */
  longest: number;
}

const words = (text: string) => tokenize(text);

function addTo(map: Map<string, number[]>, key: string, group: number): void {
  const list = map.get(key) ?? [];
  if (!list.includes(group)) list.push(group);
  map.set(key, list);
}

export function buildConceptTable(lines: readonly string[]): ConceptTable {
  const exact = new Map<string, number[]>();
  const phrases = new Map<string, number[]>();
  const weights = new Float32Array(lines.length);
  let longest = 1;
  lines.forEach((line, group) => {
    weights[group] = line.startsWith("~") ? GENERIC_WEIGHT : 1;
    for (const term of line.replace(/^~/, "").split(",")) {
      const written = words(term);
      if (written.length === 0) continue;
      longest = Math.max(longest, written.length);
      addTo(exact, written.join(" "), group);
      addTo(phrases, written.map(stem).join(" "), group);
    }
  });
  return { groups: lines.length, exact, phrases, weights, longest };
}

/** The table as plain data (lexicon/built.json, written by scripts/fixtures/concept-table.ts). */
export interface BuiltConceptTable {
  groups: number;
  exact: [string, number[]][];
  phrases: [string, number[]][];
  weights: number[];
  longest: number;
}

export function toBuilt(table: ConceptTable): BuiltConceptTable {
  const { groups, longest } = table;
  return {
    groups,
    longest,
    exact: [...table.exact],
    phrases: [...table.phrases],
    weights: [...table.weights],
  };
}

let table: ConceptTable | null = null;
/**
 * The lexicon keel ships (lexicon/index.ts), read from its built form: stemming every phrase on each start cost
 * more than the rest of a memory search. A test checks the built file equals a fresh build of the lexicon.
 */
export function conceptTable(): ConceptTable {
  const data = built as BuiltConceptTable;
  table ??= {
    groups: data.groups,
    longest: data.longest,
    exact: new Map(data.exact),
    phrases: new Map(data.phrases),
    weights: Float32Array.from(data.weights),
  };
  return table;
}

/**
 * Group number → weight for the concepts a text mentions (a group mentioned twice counts once). A phrase as
 * written wins over its stems, so "iOS" is the platform and not "io", the stem it shares with file I/O.
 */
export function textConcepts(concepts: ConceptTable, text: string): Map<number, number> {
  const known = (word: string) => concepts.exact.has(word) || concepts.phrases.has(stem(word));
  const written = words(splitCamelCase(text, known));
  const stems = written.map(stem);
  const found = new Map<number, number>();
  for (let at = 0; at < written.length; ) {
    let matched = 0;
    for (let n = Math.min(concepts.longest, written.length - at); n >= 1 && matched === 0; n--) {
      if (n === 1 && NEVER_ALONE.has(written[at]!)) break;
      const groups =
        concepts.exact.get(written.slice(at, at + n).join(" ")) ??
        concepts.phrases.get(stems.slice(at, at + n).join(" "));
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
