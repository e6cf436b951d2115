// Where the part-of-speech model's text comes from (wink-nlp and its English model, one CommonJS file built by
// scripts/build-extension.ts): embedded in the binary, beside the pi extension's bundle, or from source none.
import { existsSync, readFileSync } from "node:fs";
import { assetSourcePath, embeddedAssetText } from "../../../core/assets.ts";
import { nodeUrl } from "../../../core/builtins.ts";
import { EXTENSION_MODEL_DIR } from "../../../memory/meaning/model-files.ts";

/** The file's name in the extension package's model folder (EXTENSION_MODEL_DIR). */
export const POS_MODEL_FILE = "wink-pos.cjs";

/** The model's text: embedded in the binary, else built in the checkout (dist/.build/), else null. */
export function posModelText(): string | null {
  const embedded = embeddedAssetText("vendor/wink-pos.cjs");
  if (embedded !== null) return embedded;
  const built = assetSourcePath("vendor/wink-pos.cjs");
  return existsSync(built) ? readFileSync(built, "utf8") : null;
}

/** The model's text where the running pi extension finds it: model/wink-pos.cjs beside the bundle, else null. */
export function besideBundleText(moduleUrl: string): string | null {
  const path = nodeUrl().fileURLToPath(new URL(`./${EXTENSION_MODEL_DIR}/${POS_MODEL_FILE}`, moduleUrl));
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}
