// Word-vector tables for meaning search compared on every seen set (issue 29, round five): the shipped general
// table, domain vectors trained on software prose (scripts/fixtures/train-word-vectors.py), the general table
// averaged with the rotated domain vectors, and the two concatenated; each alone and with the lexicon as shipped
// (concept share 0.5), ranked as shipped (hub 0.5). hit@1/3/10 of the meaning rank alone, as meaning-variants.ts.
// `bun scripts/bench/meaning-domain.ts [domain folder] [mixed folder]` (default: the shipped domain table; no mixed
// one). A folder holds words.index and vectors.q4 as scripts/fixtures/word-vectors.ts writes them.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConceptTable, conceptTable, textConcepts } from "../../src/memory/meaning/concepts.ts";
import { packagedModelFiles } from "../../src/memory/meaning/model-files.ts";
import { embedWords, type WordTable } from "../../src/memory/meaning/word-vectors.ts";
import {
  composeParts,
  dot,
  hubOf,
  prepareSets,
  scorePass,
  splits,
  tableIn,
  textOf,
  unit,
  type Variant,
} from "./meaning-sets.ts";

type WordPart = (text: string) => Float32Array;

/** compose.ts's vector over any word part. */
function composeOver(part: WordPart, concepts: ConceptTable, share: number): WordPart {
  return (text) => composeParts(part(text), textConcepts(concepts, text), concepts.groups, share);
}

/** Two tables side by side, each text's two means weighing the same. */
function concatenated(a: WordTable, b: WordTable): WordPart {
  return (text) => {
    const x = embedWords(a, text);
    const y = embedWords(b, text);
    const out = new Float32Array(x.length + y.length);
    out.set(x);
    out.set(y, x.length);
    return unit(out);
  };
}

/** The shipped ranking: similarity less half the record's similarity to the mean record. */
function hubbed(embed: WordPart): Variant {
  return (split) => {
    const vectors = new Map(split.records.map((r) => [r.id, embed(textOf(r))] as const));
    const hubs = hubOf(vectors);
    return (question) => {
      const q = embed(question);
      return new Map([...vectors].map(([id, v]) => [id, dot(q, v) - 0.5 * hubs.get(id)!]));
    };
  };
}

async function main(domainDir: string | undefined, mixedDir: string | undefined): Promise<void> {
  const files = packagedModelFiles();
  if (!files) throw new Error("no word vectors in assets/word-vectors");
  const sets = splits();
  const general = tableIn(dirname(files["words.index"]!));
  const shipped = dirname(files["words.index"]!);
  const domain = domainDir ? tableIn(domainDir) : tableIn(shipped, ["domain.index", "domain.q4"]);
  const mixed = mixedDir ? tableIn(mixedDir) : null;
  for (const table of [general, domain, mixed]) if (table) await prepareSets(table, sets);
  const concepts = conceptTable();
  const parts: Array<[string, WordPart]> = [
    [`general (${general.size} words)`, (t) => embedWords(general, t)],
    [`domain (${domain.size} words)`, (t) => embedWords(domain, t)],
    ["general + domain side by side", concatenated(general, domain)],
  ];
  if (mixed) parts.push(["general averaged with domain", (t) => embedWords(mixed, t)]);
  for (const [name, part] of parts)
    for (const share of [0, 0.5]) {
      const label = `${name}${share > 0 ? " + lexicon" : ""}`;
      const variant = hubbed(composeOver(part, concepts, share));
      console.log(label.padEnd(44), sets.map((s) => scorePass(variant, s)).join(" | "));
    }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [domainDir, mixedDir] = process.argv.slice(2);
  await main(domainDir, mixedDir);
}
