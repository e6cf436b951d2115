// The local sentence embedder: weighted means of 100-d word vectors (two tables, word-vectors.ts) from files this build
// carries (model-files.ts), read once per process on first use, never from a network. Texts are capped before
// splitting into words; vectors come back unit length (all zeros for a text with no known word).
import { fstatSync, openSync, readSync } from "node:fs";
import { fail, ok, type Result } from "../../core/result.ts";
import { EMBED_MODEL_ID, locateModelFiles } from "./model-files.ts";
import type { RangeReader, WordTable } from "./word-vectors.ts";

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
  const { decodeWordVectors, ROW_BYTES } = await import("./word-vectors.ts");
  const { conceptTable } = await import("./concepts.ts");
  const { composedDims, embedText } = await import("./compose.ts");
  const open = (indexName: string, rowsName: string): WordTable => {
    const index = fileRanges(files[indexName]!);
    const rows = fileRanges(files[rowsName]!);
    const table = decodeWordVectors(index.size, index.read, rows.read);
    if (rows.size !== table.size * ROW_BYTES)
      throw new Error(`${rowsName} holds ${rows.size} bytes for ${table.size} words`);
    return table;
  };
  let tables: WordTable[];
  try {
    tables = [open("words.index", "vectors.q4"), open("domain.index", "domain.q4")];
  } catch (error) {
    loading = null;
    return fail(`the word vectors did not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  loaded = true;
  const concepts = conceptTable();
  return ok({
    model: EMBED_MODEL_ID,
    dims: composedDims(concepts, tables.length),
    embed: async (texts) => {
      const capped = texts.map((text) => text.slice(0, EMBED_INPUT_CHARS));
      for (const text of capped) for (const table of tables) await table.prepare(text);
      return capped.map((text) => embedText(tables, concepts, text));
    },
  });
}

interface BunFiles {
  file(path: string): { size: number; slice(start: number, end: number): Blob };
}

/**
 * A file read in pieces: at an offset on disk through one descriptor kept for the process (a search reads a few
 * dozen pieces), or, for the compiled binary's embedded files (which cannot be opened at an offset), through Bun's
 * file slices.
 */
function fileRanges(path: string): { size: number; read: RangeReader } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const bun = (globalThis as { Bun?: BunFiles }).Bun;
    if (!bun) throw error;
    const file = bun.file(path);
    return {
      size: file.size,
      read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
    };
  }
  const size = fstatSync(fd).size;
  return {
    size,
    read: async (offset, length) => {
      const bytes = new Uint8Array(length);
      if (readSync(fd, bytes, 0, length, offset) !== length)
        throw new Error(`${path} is cut short at ${offset}`);
      return bytes;
    },
  };
}
