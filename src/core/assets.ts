// Files keel ships inside itself: the pi extension bundle and the web UI's static files. The compiled binary
// registers embedded copies at start-up (scripts/build.ts); from source they are read from the checkout.
import { existsSync, readFileSync } from "node:fs";
import { nodeModule, nodeUrl } from "./builtins.ts";
import { UserError } from "./errors.ts";

/**
 * "extension/index.js" for the pi bundle, "web/<file>" for files under web/static/, "demo/<file>" for the UI demo,
 * "vendor/re2js.cjs" for the search worker's pattern engine (also embedded in the extension bundle), "vendor/wink-pos.cjs"
 * for the rule shapes' part-of-speech tagger (a build product: from source the tagger loads the package itself).
 */
export type AssetName =
  | "extension/index.js"
  | `web/${string}`
  | `demo/${string}`
  | "vendor/re2js.cjs"
  | "vendor/wink-pos.cjs";

const embedded = new Map<string, string>();

/** Called once by the binary's entry before anything reads an asset: each name with its path inside the binary. */
export function embedAssets(entries: Record<string, string>): void {
  for (const [name, path] of Object.entries(entries)) embedded.set(name, path);
}

/** Texts carried inside a bundle that has no files of its own (the pi extension's copy of re2js). */
const embeddedTexts = new Map<string, string>();

/** Called once by the extension bundle's entry: each name with its whole text. */
export function embedAssetTexts(entries: Record<string, string>): void {
  for (const [name, text] of Object.entries(entries)) embeddedTexts.set(name, text);
}

export function hasEmbeddedAssets(): boolean {
  return embedded.size > 0;
}

/** The checkout root when running from source. */
export function sourceRoot(): string {
  return nodeUrl().fileURLToPath(new URL("../../", import.meta.url));
}

export function assetSourcePath(name: AssetName): string {
  if (name === "extension/index.js") return `${sourceRoot()}dist/extension/index.js`;
  if (name === "vendor/re2js.cjs")
    return nodeModule()
      .createRequire(import.meta.url)
      .resolve("re2js");
  if (name === "vendor/wink-pos.cjs") return `${sourceRoot()}dist/.build/wink-pos.cjs`;
  if (name.startsWith("demo/")) return `${sourceRoot()}test/fixtures/ui-demo/${name.slice("demo/".length)}`;
  return `${sourceRoot()}web/static/${name.slice("web/".length)}`;
}

/** An asset's text when this build carries it (the binary or the extension bundle), else null. */
export function embeddedAssetText(name: AssetName): string | null {
  const text = embeddedTexts.get(name);
  if (text !== undefined) return text;
  const inside = embedded.get(name);
  return inside === undefined ? null : readFileSync(inside, "utf8");
}

export function readAsset(name: AssetName): string {
  const text = embeddedTexts.get(name);
  if (text !== undefined) return text;
  const inside = embedded.get(name);
  if (inside !== undefined) return readFileSync(inside, "utf8");
  const path = assetSourcePath(name);
  if (!existsSync(path)) {
    const hint = name === "extension/index.js" ? "run `npm run build:extension` first" : undefined;
    throw new UserError(`keel's ${name} is missing (${path})`, 2, hint);
  }
  return readFileSync(path, "utf8");
}
