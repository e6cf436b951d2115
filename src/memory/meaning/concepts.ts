// Software concepts in a text: the lexicon's groups (lexicon/*.ts) matched by Porter stems, longest phrase first,
// so "api key" is a credential and not an identifier. A word or phrase in several groups counts a share in each,
// and groups marked "~" (generic words such as "change" or "rule") count less. Pure; the table is built once.
import { stem, tokenize } from "../stem.ts";
import { DATA_AND_CODE } from "./lexicon/data-and-code.ts";
import { OPS_AND_TOOLING } from "./lexicon/ops-and-tooling.ts";
import { PEOPLE_AND_PRODUCT } from "./lexicon/people-and-product.ts";
import { PRACTICE_AND_PROCESS } from "./lexicon/practice-and-process.ts";
import { STORAGE_AND_WEB } from "./lexicon/storage-and-web.ts";

/** Weight of a group whose string starts with "~". */
const GENERIC_WEIGHT = 0.35;
/** Longest phrase, in words, the lexicon holds. */
const MAX_PHRASE = 4;
/** Stems that never match alone (too common to mean a concept). */
const NEVER_ALONE = new Set([
  "a",
  "an",
  "the",
  "to",
  "of",
  "in",
  "on",
  "at",
  "for",
  "by",
  "is",
  "it",
  "do",
  "be",
]);

export interface ConceptTable {
  groups: number;
  /** Stemmed phrase (stems joined by one space) → group numbers. */
  phrases: Map<string, number[]>;
  weights: Float32Array;
}

const stems = (text: string) => tokenize(text.replace(/([a-z])([A-Z])/g, "$1 $2")).map(stem);

export function buildConceptTable(lines: readonly string[]): ConceptTable {
  const phrases = new Map<string, number[]>();
  const weights = new Float32Array(lines.length);
  lines.forEach((line, group) => {
    weights[group] = line.startsWith("~") ? GENERIC_WEIGHT : 1;
    for (const term of line.replace(/^~/, "").split(",")) {
      const key = stems(term).join(" ");
      if (key === "") continue;
      const list = phrases.get(key) ?? [];
      if (!list.includes(group)) list.push(group);
      phrases.set(key, list);
    }
  });
  return { groups: lines.length, phrases, weights };
}

let table: ConceptTable | null = null;
/** The lexicon keel ships, built on first use. */
export function conceptTable(): ConceptTable {
  table ??= buildConceptTable([
    ...DATA_AND_CODE,
    ...STORAGE_AND_WEB,
    ...OPS_AND_TOOLING,
    ...PEOPLE_AND_PRODUCT,
  ]);
  return table;
}

/** Group number → weight for the concepts a text mentions (a group mentioned twice counts once). */
export function textConcepts(concepts: ConceptTable, text: string): Map<number, number> {
  const words = stems(text);
  const found = new Map<number, number>();
  for (let at = 0; at < words.length; ) {
    let matched = 0;
    for (let n = Math.min(MAX_PHRASE, words.length - at); n >= 1 && matched === 0; n--) {
      if (n === 1 && NEVER_ALONE.has(words[at]!)) break;
      const groups = concepts.phrases.get(words.slice(at, at + n).join(" "));
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
