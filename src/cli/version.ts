// `keel --version [--json]`: the version alone, or with --json the whole build record (commit, build date, Bun
// version, target) plus the hash of the extension bundle this build writes, so an installed extension can tell
// whether it came from this binary.
import { readAsset } from "../core/assets.ts";
import { type BuildInfo, buildInfo } from "../core/build-info.ts";
import { ExitCode } from "../core/errors.ts";
import { sha256Hex } from "../core/hash.ts";
import { KEEL_VERSION } from "../core/version.ts";
import type { Output } from "./output.ts";

export interface VersionReport extends BuildInfo {
  ok: true;
  /** SHA-256 of the extension bundle `keel install` writes (null when this build has none). */
  extensionSha256: string | null;
}

/** True for `--version` or `-v`, alone or with `--json`, in any order. */
export function isVersionRequest(argv: string[]): boolean {
  const asked = argv.some((arg) => arg === "--version" || arg === "-v");
  return asked && argv.every((arg) => arg === "--version" || arg === "-v" || arg === "--json");
}

export function versionReport(): VersionReport {
  let extensionSha256: string | null = null;
  try {
    extensionSha256 = sha256Hex(readAsset("extension/index.js"));
  } catch {
    extensionSha256 = null; // from source before the first build: nothing to compare against
  }
  return { ok: true, ...buildInfo(), extensionSha256 };
}

/** Prints the version (the build record only with --json, the one that hashes the bundle); returns exit code 0. */
export function printVersion(out: Output): number {
  if (out.json) out.result(versionReport(), "");
  else out.result(null, KEEL_VERSION);
  return ExitCode.ok;
}
