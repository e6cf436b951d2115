// Writes keel's pi extension package (the embedded bundle plus its package.json) into a folder pi can install.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readAsset } from "../core/assets.ts";
import { sha256Hex } from "../core/hash.ts";
import { KEEL_VERSION } from "../core/version.ts";

export const EXTENSION_FILE = "index.js";

export interface WrittenPackage {
  dir: string;
  bundleBytes: number;
  bundleSha256: string;
}

/** The package.json pi reads: one ESM extension; pi's own packages come from pi at run time. */
export function extensionManifest(): Record<string, unknown> {
  return {
    name: "keel-pi-extension",
    version: KEEL_VERSION,
    description: "keel for pi: protected context, owned compaction, recall, guard and memory",
    type: "module",
    private: true,
    pi: { extensions: [`./${EXTENSION_FILE}`] },
    peerDependencies: { "@earendil-works/pi-coding-agent": "*", typebox: "*" },
  };
}

export function writeExtensionPackage(dir: string): WrittenPackage {
  const bundle = readAsset("extension/index.js");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, EXTENSION_FILE), bundle);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(extensionManifest(), null, 2)}\n`);
  return { dir, bundleBytes: Buffer.byteLength(bundle), bundleSha256: sha256Hex(bundle) };
}

/** Hash of the bundle currently written in dir, or undefined when absent. */
export function installedBundleSha256(dir: string): string | undefined {
  try {
    return sha256Hex(readFileSync(join(dir, EXTENSION_FILE), "utf8"));
  } catch {
    return undefined;
  }
}
