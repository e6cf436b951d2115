// The local sentence embedder (Universal Sentence Encoder lite, 512 dimensions, tfjs on its WASM backend):
// loaded once per process on first use, from files this build carries (model-files.ts), never from a network.
// Texts are capped before tokenizing and embedded in bounded batches; vectors come back unit length.
import { readFileSync } from "node:fs";
import { fail, ok, type Result } from "../../core/result.ts";
import { EMBED_DIMS, EMBED_MODEL_ID, locateModelFiles, MODEL_SHARDS, WASM_FILES } from "./model-files.ts";

/** Characters of one text the model sees; the rest is ignored (cost grows with length). */
export const EMBED_INPUT_CHARS = 1_000;
/** Texts per model call. */
export const EMBED_BATCH = 16;
/** Recent texts whose vectors are kept (an agent often repeats a phrasing within a session). */
export const EMBED_CACHE = 64;

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
  loading ??= load().catch((error: unknown) => {
    loading = null;
    return fail(
      `the embedding model did not load: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  return loading;
}

/** True once a load has finished in this process (writes embed only then; searches load it). */
export function embedderLoaded(): boolean {
  return loaded;
}

interface Tf {
  env(): { set(flag: string, value: boolean): void };
  setWasmPaths(paths: Record<string, string>): void;
  ready(): Promise<void>;
  loadGraphModel(handler: { load(): Promise<unknown> }): Promise<unknown>;
}
interface EmbeddingsLib {
  EmbeddingsModel: new (data: {
    model: unknown;
    vocabulary: unknown;
  }) => { embed(texts: string[]): Promise<number[][]> };
}

/**
 * Emscripten's Node glue adds process handlers that rethrow every uncaught error and unhandled rejection, which
 * would turn a host's (pi's) recoverable rejection into a crash: the ones it added are taken off again.
 */
async function withoutAddedProcessHandlers<T>(work: () => Promise<T>): Promise<T> {
  const uncaught = new Set(process.listeners("uncaughtException"));
  const rejection = new Set(process.listeners("unhandledRejection"));
  try {
    return await work();
  } finally {
    for (const listener of process.listeners("uncaughtException"))
      if (!uncaught.has(listener)) process.off("uncaughtException", listener);
    for (const listener of process.listeners("unhandledRejection"))
      if (!rejection.has(listener)) process.off("unhandledRejection", listener);
  }
}

/** A CommonJS module's exports, whether the import gave its namespace or a default export of it. */
function exportsOf(imported: unknown): unknown {
  const namespace = imported as { default?: unknown };
  return namespace.default ?? imported;
}

async function load(): Promise<Result<Embedder>> {
  const files = locateModelFiles();
  if (!files) return fail("this build carries no embedding model");
  const { tf, lib } = await withoutAddedProcessHandlers(async () => {
    // The pi extension's build turns these into a default export of the code beside the bundle.
    const tf = exportsOf(await import("@energetic-ai/core")) as Tf;
    const lib = exportsOf(await import("@energetic-ai/embeddings")) as EmbeddingsLib;
    tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false);
    tf.setWasmPaths(Object.fromEntries(WASM_FILES.map((name) => [name, files[name]!])));
    await tf.ready();
    return { tf, lib };
  });
  const graph = await tf.loadGraphModel({ load: async () => modelArtifacts(files) });
  const vocabulary = JSON.parse(readFileSync(files["vocab.json"]!, "utf8"));
  const model = new lib.EmbeddingsModel({ model: graph, vocabulary });
  loaded = true;
  return ok({
    model: EMBED_MODEL_ID,
    dims: EMBED_DIMS,
    async embed(texts) {
      const prepared = texts.map(prepareText);
      const found = new Map(prepared.flatMap((t) => (recent.has(t) ? [[t, recent.get(t)!] as const] : [])));
      const todo = [...new Set(prepared.filter((t) => !found.has(t)))];
      for (let i = 0; i < todo.length; i += EMBED_BATCH) {
        const batch = todo.slice(i, i + EMBED_BATCH);
        const rows = await model.embed(batch);
        for (const [j, row] of rows.entries()) found.set(batch[j]!, unit(row));
      }
      return prepared.map((t) => remember(t, found.get(t)!));
    },
  });
}

const recent = new Map<string, Float32Array>();
/** Keeps a text's vector as the most recent one, dropping the oldest past EMBED_CACHE. */
function remember(text: string, vector: Float32Array): Float32Array {
  recent.delete(text);
  recent.set(text, vector);
  if (recent.size > EMBED_CACHE) recent.delete(recent.keys().next().value!);
  return vector;
}

/** The graph's topology and its weights concatenated in manifest order, read from the located files. */
function modelArtifacts(files: Record<string, string>) {
  const json = JSON.parse(readFileSync(files["model.json"]!, "utf8"));
  const manifest = json.weightsManifest as Array<{ paths: string[]; weights: unknown[] }>;
  const shards = manifest.flatMap((group) => group.paths);
  if (shards.join() !== MODEL_SHARDS.join())
    throw new Error("the model's weight manifest is not the expected one");
  const weights = Buffer.concat(shards.map((name) => readFileSync(files[name]!)));
  return {
    modelTopology: json.modelTopology,
    weightSpecs: manifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
  };
}

/** Whitespace folded and the length capped (the model has no use for layout; an empty text embeds as "."). */
export function prepareText(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim().slice(0, EMBED_INPUT_CHARS);
  return folded.length > 0 ? folded : ".";
}

function unit(values: number[]): Float32Array {
  const v = Float32Array.from(values);
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
