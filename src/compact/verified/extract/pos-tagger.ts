// The part-of-speech tagger behind rule-shape.ts: wink-nlp with its npm-shipped English model (both MIT),
// required on the first sentence that needs it and kept for the process, so start-up never loads it.
import type { TaggedWord } from "./rule-shape.ts";

/** Longer text is cut: a rule is one sentence, and the tagger's cost grows with the words. */
const MAX_CHARS = 400;

interface Tagging {
  readDoc(text: string): { tokens(): { out(as?: unknown): string[] } };
  its: { pos: unknown; lemma: unknown };
}

let loaded: Tagging | null = null;

function tagging(): Tagging {
  if (loaded !== null) return loaded;
  // A synchronous require inside the function: the bundle holds the model, evaluated only on this first call.
  const winkNLP = require("wink-nlp") as (model: unknown, pipe: string[]) => Tagging;
  const model = require("wink-eng-lite-web-model") as unknown;
  loaded = winkNLP(model, ["pos"]);
  return loaded;
}

/** The words of a normalized clause with their universal part-of-speech tags. */
export function tagWords(text: string): TaggedWord[] {
  const nlp = tagging();
  const tokens = nlp.readDoc(text.slice(0, MAX_CHARS)).tokens();
  const words = tokens.out();
  const tags = tokens.out(nlp.its.pos);
  const lemmas = tokens.out(nlp.its.lemma);
  return words.map((word, i) => ({ word, tag: tags[i] ?? "X", lemma: lemmas[i] ?? word }));
}
