// Bundles extension/index.ts into one ESM file for pi's Node: pi's packages and typebox stay external. The search
// worker's engine (re2js) rides along as embedded text, registered before the extension's modules run.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { EXTENSION_MODEL_DIR } from "../src/memory/meaning/model-files.ts";

const root = join(import.meta.dirname, "..");
export const EXTENSION_OUT = join(root, "dist/extension/index.js");
/** The embedding model's code (tfjs + USE-lite) for pi's Node, beside the bundle: pi parses it only on a search. */
export const MEANING_RUNTIME_OUT = join(root, "dist/extension/meaning-runtime.cjs");
/** re2js's CommonJS build: the text the search worker evaluates (src/core/search/pattern-worker.ts). */
export const RE2JS_SOURCE = createRequire(import.meta.url).resolve("re2js");

/** A module that registers the embedded texts; the entry imports it before the extension. */
const embedTexts: Plugin = {
  name: "keel-embed-texts",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^keel-embed$/ }, () => ({
      path: "keel-embed",
      namespace: "keel-embed",
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: "keel-embed" }, () => ({
      contents: [
        `import { embedAssetTexts } from ${JSON.stringify(join(root, "src/core/assets.ts"))};`,
        `embedAssetTexts({ "vendor/re2js.cjs": ${JSON.stringify(readFileSync(RE2JS_SOURCE, "utf8"))} });`,
      ].join("\n"),
      loader: "ts",
      resolveDir: root,
    }));
  },
};

/**
 * Drizzle's node-sqlite driver imports node:sqlite at the top, which makes Node print an ExperimentalWarning
 * into pi's terminal as soon as the bundle loads. keel passes its own client (loaded lazily with the warning
 * filtered, see src/store/drivers/node-sqlite.ts), so that static import is replaced by an inert binding.
 */
const lazyNodeSqlite: Plugin = {
  name: "keel-lazy-node-sqlite",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^node:sqlite$/ }, (args) =>
      args.kind === "import-statement" && args.importer.includes("drizzle-orm")
        ? { path: "node-sqlite-inert", namespace: "keel" }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: "keel" }, () => ({
      contents:
        "export class DatabaseSync { constructor() { throw new Error('keel opens node:sqlite itself'); } }",
      loader: "js",
    }));
  },
};

/**
 * The embedder's `import("@energetic-ai/...")` becomes a require of meaning-runtime.cjs from the model folder
 * beside the installed bundle (pi loads extensions through a transpiler, and parsing tfjs on every pi start
 * cost more than the rest of keel). Node's own require loads it, on the first search that needs the model.
 */
const meaningRuntime: Plugin = {
  name: "keel-meaning-runtime",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@energetic-ai\/(core|embeddings)$/ }, (args) => ({
      path: args.path.slice("@energetic-ai/".length),
      namespace: "keel-meaning",
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: "keel-meaning" }, (args) => ({
      contents: [
        'import { createRequire } from "node:module";',
        'import { dirname, join } from "node:path";',
        'import { fileURLToPath } from "node:url";',
        `const here = join(dirname(fileURLToPath(import.meta.url)), ${JSON.stringify(EXTENSION_MODEL_DIR)}, "x.cjs");`,
        `export default createRequire(here)("./meaning-runtime.cjs")[${JSON.stringify(args.path)}];`,
      ].join("\n"),
      loader: "js",
      resolveDir: root,
    }));
  },
};

/** tfjs and USE-lite's code as one CommonJS file: { core, embeddings }. */
export async function buildMeaningRuntime(): Promise<void> {
  await build({
    stdin: {
      contents:
        'module.exports = { core: require("@energetic-ai/core"), embeddings: require("@energetic-ai/embeddings") };',
      resolveDir: root,
      sourcefile: "keel-meaning-runtime.cjs",
      loader: "js",
    },
    outfile: MEANING_RUNTIME_OUT,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
}

export async function buildExtension(): Promise<void> {
  await buildMeaningRuntime();
  await build({
    stdin: {
      contents: `import "keel-embed";\nexport { default } from ${JSON.stringify(join(root, "extension/index.ts"))};\n`,
      resolveDir: root,
      sourcefile: "keel-extension-entry.ts",
      loader: "ts",
    },
    outfile: EXTENSION_OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    minify: true,
    legalComments: "none",
    // Drivers pi's Node never uses stay behind lazy imports instead of being inlined as top-level imports.
    external: [
      "@earendil-works/*",
      "typebox",
      "typebox/*",
      "bun:sqlite",
      "drizzle-orm/bun-sqlite",
      "@libsql/client",
      "drizzle-orm/libsql",
    ],
    plugins: [lazyNodeSqlite, embedTexts, meaningRuntime],
    banner: { js: "// keel pi extension (generated by scripts/build-extension.ts)" },
    logLevel: "warning",
  });
}

if (process.argv[1] === import.meta.filename) await buildExtension();
