// The local sentence embedder: a weighted mean of 100-d word vectors (word-vectors.ts) from files this build
// carries (model-files.ts), read once per process on first use, never from a network. Texts are capped before
// splitting into words; vectors come back unit length (all zeros for a text with no known word).
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { fail, ok, type Result } from "../../core/result.ts";
import { EMBED_MODEL_ID, locateModelFiles } from "./model-files.ts";
import type { RowReader, WordTable } from "./word-vectors.ts";

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
  const { decodeWordVectors, ROW_BYTES, rowsInMemory } = await import("./word-vectors.ts");
  const { conceptTable } = await import("./concepts.ts");
  const { composedDims, embedText } = await import("./compose.ts");
  let table: WordTable;
  try {
    const rows = rowSource(files["vectors.q4"]!, ROW_BYTES, rowsInMemory);
    table = decodeWordVectors(readFileSync(files["words.slots"]!), rows.size, rows.read);
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

/**
 * The vector rows, read one at a time from the file (a search needs a few of its 100k rows), or read whole where
 * the file cannot be opened for reading at an offset (the compiled binary's embedded files, already in memory).
 */
function rowSource(
  path: string,
  rowBytes: number,
  inMemory: (bytes: Uint8Array) => RowReader,
): { size: number; read: RowReader } {
  let size: number;
  try {
    const fd = openSync(path, "r");
    size = fstatSync(fd).size;
    closeSync(fd);
  } catch {
    const bytes = readFileSync(path);
    return { size: bytes.length, read: inMemory(bytes) };
  }
  return { size, read: rowsFromFile(path, rowBytes) };
}

/** Rows read one at a time from the file. */
function rowsFromFile(path: string, rowBytes: number): RowReader {
  return (rank) => {
    const bytes = new Uint8Array(rowBytes);
    const fd = openSync(path, "r");
    try {
      const read = readSync(fd, bytes, 0, rowBytes, rank * rowBytes);
      if (read !== rowBytes) throw new Error(`word vector row ${rank} is cut short`);
    } finally {
      closeSync(fd);
    }
    return bytes;
  };
}
