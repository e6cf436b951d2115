// The part-of-speech tagger behind rule-shape.ts: wink-nlp with its npm-shipped English model (both MIT), loaded
// on the first sentence that needs it and kept for the process, so start-up never reads or compiles it. The
// binary embeds the two as one CommonJS file and the pi extension finds it beside its bundle (pos-model.ts);
// from source they come from node_modules. Without any of them no sentence gets tags: the word lists decide.
import { embeddedAssetText } from "../../../core/assets.ts";
import { nodeModule } from "../../../core/builtins.ts";
import { besideBundleText } from "./pos-model.ts";
import type { TaggedWord } from "./rule-shape.ts";

/** Longer text is cut: a rule is one sentence, and the tagger's cost grows with the words. */
const MAX_CHARS = 400;

interface Tagging {
  readDoc(text: string): { tokens(): { out(as?: unknown): string[] } };
  its: { pos: unknown; lemma: unknown };
}
interface Wink {
  winkNLP: (model: unknown, pipe: string[]) => Tagging;
  model: unknown;
}

/** undefined: not tried yet; null: no model in this build. */
let loaded: Tagging | null | undefined;

function loadWink(): Wink | null {
  const text = embeddedAssetText("vendor/wink-pos.cjs") ?? besideBundleText(import.meta.url);
  if (text !== null) {
    // The file is a CommonJS module of keel's own build with no requires left: run it in a scope of its own.
    const module = { exports: {} as Wink };
    new Function("module", "exports", text)(module, module.exports);
    return module.exports;
  }
  try {
    const load = nodeModule().createRequire(import.meta.url);
    return { winkNLP: load("wink-nlp"), model: load("wink-eng-lite-web-model") };
  } catch (error) {
    if ((error as { code?: string }).code === "MODULE_NOT_FOUND") return null;
    throw error;
  }
}

function tagging(): Tagging | null {
  if (loaded !== undefined) return loaded;
  const wink = loadWink();
  loaded = wink === null ? null : wink.winkNLP(wink.model, ["pos"]);
  return loaded;
}

/** The words of a normalized clause with their universal part-of-speech tags and dictionary forms; none when
 * this build carries no model. */
export function tagWords(text: string): TaggedWord[] {
  const nlp = tagging();
  if (nlp === null) return [];
  const tokens = nlp.readDoc(text.slice(0, MAX_CHARS)).tokens();
  const words = tokens.out();
  const tags = tokens.out(nlp.its.pos);
  const lemmas = tokens.out(nlp.its.lemma);
  return words.map((word, i) => ({ word, tag: tags[i] ?? "X", lemma: lemmas[i] ?? word }));
}
