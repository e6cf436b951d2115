// The local sentence embedder: a weighted mean of 100-d word vectors (word-vectors.ts) from files this build
// carries (model-files.ts), read once per process on first use, never from a network. Texts are capped before
// splitting into words; vectors come back unit length (all zeros for a text with no known word).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fail, ok, type Result } from "../../core/result.ts";
import { EMBED_MODEL_ID, locateModelFiles } from "./model-files.ts";
import type { WordTable } from "./word-vectors.ts";

/** Characters of one text the embedder reads; the rest is ignored. */
export const EMBED_INPUT_CHARS = 4_000;

export interface Embedder {
  model: string;
  dims: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

let loading: Promise<Result<Embedder>> | null = null;
let loaded = false;

/** The process's embedder, loading it on the first call; later calls share the same load. */
export function loadEmbedder(): Promise<Result<Embedder>> {
  loading ??= load();
  return loading;
}

/** True once a load has finished in this process (writes embed only then; searches load it). */
export function embedderLoaded(): boolean {
  return loaded;
}

/** The table's code is imported here, not above, so a command that never searches by meaning never loads it. */
async function load(): Promise<Result<Embedder>> {
  const files = locateModelFiles();
  if (!files) return fail("this build carries no word vectors");
  const { decodeWordVectors } = await import("./word-vectors.ts");
  const { conceptTable } = await import("./concepts.ts");
  const { composedDims, embedText } = await import("./compose.ts");
  let table: WordTable;
  try {
    const words = gunzipSync(readFileSync(files["words.txt.gz"]!)).toString("utf8").split("\n");
    table = decodeWordVectors(words, readFileSync(files["vectors.q4"]!));
  } catch (error) {
    loading = null;
    return fail(`the word vectors did not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  loaded = true;
  const concepts = conceptTable();
  return ok({
    model: EMBED_MODEL_ID,
    dims: composedDims(concepts),
    embed: async (texts) => texts.map((text) => embedText(table, concepts, text.slice(0, EMBED_INPUT_CHARS))),
  });
}
