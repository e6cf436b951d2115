// Where the word-vector files are: registered by the compiled binary (files Bun embeds), beside the pi
// extension bundle (written there by `keel install`), or in the checkout's assets/ when running from source.
// Knows file names only; loading them is embedder.ts's job. Light on purpose: the binary's entry imports it.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The model every vector in a store is tagged with; a different id means "re-embed". It names the lexicon by the
 * first 8 hex digits of the SHA-256 of its groups joined by newlines (test/memory/concepts.test.ts checks it), so
 * a lexicon edit cannot leave a store holding vectors of the old concepts.
 */
export const EMBED_MODEL_ID = "wink-sg-100d-q4-100k+swdocs-w2v-100d-q4-27k+lexicon-b2115542";

/**
 * Every file the embedder reads, by the name it is looked up with: the general table (GloVe-derived) and the domain
 * table (word2vec on npm packages' docs, scripts/fixtures/train-word-vectors.py), each an index and its rows.
 */
export const MODEL_FILE_NAMES = ["words.index", "vectors.q4", "domain.index", "domain.q4"] as const;

/** The folder beside the extension bundle that `keel install` fills. */
export const EXTENSION_MODEL_DIR = "model";

const registered = new Map<string, string>();

/** Called by the compiled binary's entry with the paths Bun gives its embedded files. */
export function registerModelFiles(paths: Record<string, string>): void {
  for (const [name, path] of Object.entries(paths)) registered.set(name, path);
}

function allIn(dir: string): Record<string, string> | null {
  const paths = Object.fromEntries(MODEL_FILE_NAMES.map((name) => [name, join(dir, name)]));
  return Object.values(paths).every((p) => existsSync(p)) ? paths : null;
}

/** The committed asset files in the checkout (build and install read them from here). */
export function packagedModelFiles(from = import.meta.url): Record<string, string> | null {
  let dir = dirname(fileURLToPath(from));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    const found = allIn(join(dir, "assets", "word-vectors"));
    if (found) return found;
  }
  return null;
}

/** Paths to read each model file from, or null when this build carries no model. */
export function locateModelFiles(): Record<string, string> | null {
  if (registered.size > 0) return Object.fromEntries(registered);
  return allIn(join(dirname(fileURLToPath(import.meta.url)), EXTENSION_MODEL_DIR)) ?? packagedModelFiles();
}
