// Writes keel's pi extension package (the embedded bundle plus its package.json) into a folder pi can install.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { POS_MODEL_FILE, posModelText } from "../compact/verified/extract/pos-model.ts";
import { readAsset } from "../core/assets.ts";
import { buildInfo } from "../core/build-info.ts";
import { sha256Hex } from "../core/hash.ts";
import { KEEL_VERSION } from "../core/version.ts";
import { EXTENSION_MODEL_DIR, locateModelFiles } from "../memory/meaning/model-files.ts";
import { type ExtensionStamp, stampOf } from "./version-meet.ts";

export const EXTENSION_FILE = "index.js";
export interface WrittenPackage {
  dir: string;
  bundleBytes: number;
  bundleSha256: string;
}

/**
 * The package.json pi reads: one self-contained ESM extension (it imports nothing but Node's built-ins, so pi's
 * loader imports it natively instead of transpiling it). `keel` records the
 * build that wrote it, so doctor and the extension can tell when the binary has moved on.
 */
export function extensionManifest(bundleSha256: string): Record<string, unknown> {
  const build = buildInfo();
  const stamp: ExtensionStamp = {
    version: build.version,
    commit: build.commit,
    bundleSha256,
    binary: build.compiled ? process.execPath : null,
  };
  return {
    name: "keel-pi-extension",
    version: KEEL_VERSION,
    description: "keel for pi: protected context, owned compaction, recall, guard and memory",
    type: "module",
    private: true,
    pi: { extensions: [`./${EXTENSION_FILE}`] },
    peerDependencies: { "@earendil-works/pi-coding-agent": "*" },
    keel: stamp,
  };
}

export function writeExtensionPackage(dir: string): WrittenPackage {
  const bundle = readAsset("extension/index.js");
  const bundleSha256 = sha256Hex(bundle);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, EXTENSION_FILE), bundle);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(extensionManifest(bundleSha256), null, 2)}\n`);
  writeModelFiles(join(dir, EXTENSION_MODEL_DIR));
  writePosModel(join(dir, EXTENSION_MODEL_DIR));
  return { dir, bundleBytes: Buffer.byteLength(bundle), bundleSha256 };
}

/**
 * The word-vector files beside the bundle, where the extension's meaning search looks for them (pi's Node
 * cannot read the binary's embedded files). A file already there with the same size is left alone.
 */
function writeModelFiles(dir: string): void {
  const files = locateModelFiles();
  if (!files) return;
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) {
    const target = join(dir, name);
    if (existsSync(target) && statSync(target).size === statSync(source).size) continue;
    writeFileSync(target, readFileSync(source)); // copyFile cannot read the compiled binary's embedded files
  }
}

/** The rule shapes' part-of-speech model beside the bundle (src/compact/verified/extract/pos-tagger.ts reads it
 * there); a build without it leaves the extension to the word lists alone. */
function writePosModel(dir: string): void {
  const text = posModelText();
  if (text === null) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, POS_MODEL_FILE), text);
}

/** Hash of the bundle currently written in dir, or undefined when absent. */
export function installedBundleSha256(dir: string): string | undefined {
  try {
    return sha256Hex(readFileSync(join(dir, EXTENSION_FILE), "utf8"));
  } catch {
    return undefined;
  }
}

/** The build stamp in dir's package.json, or undefined when absent, unreadable or from before stamps. */
export function installedStamp(dir: string): ExtensionStamp | undefined {
  try {
    return stampOf(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")));
  } catch {
    return undefined; // no manifest yet, or not JSON: the caller reports the extension as not stamped
  }
}
