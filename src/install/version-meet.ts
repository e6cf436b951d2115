// How the keel binary and the pi extension it wrote know each other: the manifest `keel install` writes records
// the writer's version, commit, bundle hash and (for a compiled binary) its path; doctor and the extension
// compare that with what a binary ships now and word the one note a user sees. Pure: callers do the I/O.
import { oneLine } from "../core/one-line.ts";
import { parseVersion, versionAtLeast } from "./toolchain.ts";

/** What the manifest's `keel` field says about the build that wrote the extension. */
export interface ExtensionStamp {
  version: string;
  commit: string;
  bundleSha256: string;
  /** The compiled binary that wrote it, or null when written from source. */
  binary: string | null;
}

/** A build as `keel --version --json` describes it. */
export interface BinaryVersion {
  version: string;
  commit: string;
  extensionSha256: string | null;
}

const text = (value: unknown, max = 80) => (typeof value === "string" ? oneLine(value, max) : undefined);

/** The stamp inside a parsed manifest, or undefined when it has none (written before keel recorded one). */
export function stampOf(manifest: unknown): ExtensionStamp | undefined {
  const keel = (manifest as { keel?: Record<string, unknown> } | undefined)?.keel;
  const version = text(keel?.version);
  const commit = text(keel?.commit);
  const bundleSha256 = text(keel?.bundleSha256);
  if (!version || !commit || !bundleSha256) return undefined;
  return { version, commit, bundleSha256, binary: text(keel?.binary, 4096) ?? null };
}

/** Parses `keel --version --json` output; undefined when it is not one. */
export function parseBinaryVersion(output: string): BinaryVersion | undefined {
  try {
    const report = JSON.parse(output) as Record<string, unknown>;
    const version = text(report.version);
    const commit = text(report.commit);
    if (!version || !commit) return undefined;
    return { version, commit, extensionSha256: text(report.extensionSha256) ?? null };
  } catch {
    return undefined; // not JSON: an old binary without --json, or something else entirely
  }
}

/** True when the binary ships a different extension bundle than the one installed. */
export function isStale(installedSha256: string, binary: BinaryVersion): boolean {
  return binary.extensionSha256 !== null && binary.extensionSha256 !== installedSha256;
}

/** One sentence for a stale extension: who wrote it, what the binary is now, and the fix. */
export function staleNote(
  installed: { version: string; commit: string } | undefined,
  binary: BinaryVersion,
): string {
  const now = `keel ${binary.version} (${binary.commit})`;
  if (!installed) return `the pi extension predates ${now}: run \`keel install\` to refresh it`;
  const was = `keel ${installed.version} (${installed.commit})`;
  const older =
    installed.version !== binary.version &&
    versionAtLeast(parseVersion(binary.version) ?? [0, 0, 0], parseVersion(installed.version) ?? [0, 0, 0]);
  return `the pi extension is from ${older ? "an older keel" : "another keel build"}, ${was}, not ${now}: run \`keel install\` to refresh it`;
}
