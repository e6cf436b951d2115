// What a keel build knows about itself: version, commit, build date, Bun version and target. The compiled binary's
// generated entry stamps it (scripts/build.ts); from source the commit and date are unknown. Read by
// `keel --version --json`, `keel doctor` and `keel install` (which records it in the extension's manifest).
import { KEEL_VERSION } from "./version.ts";

export interface BuildStamp {
  /** Short git commit the build came from, with "-dirty" when the tree had changes. */
  commit: string;
  /** ISO time of the build (SOURCE_DATE_EPOCH when set). */
  builtAt: string;
  /** Bun's compile target, e.g. "bun-linux-x64" or "bun-linux-x64-baseline". */
  target: string;
}

export interface BuildInfo extends BuildStamp {
  version: string;
  /** The Bun runtime keel runs on (null under Node or Deno). */
  bun: string | null;
  /** True inside a compiled binary. */
  compiled: boolean;
}

let stamp: BuildStamp | undefined;

/** Marks the stamp's JSON so release checks can find it among a binary's bytes. */
export const STAMP_MARK = "keel-build-stamp";

/** The JSON text a build embeds: one literal, searchable in the binary (`{"mark":"keel-build-stamp",…}`). */
export function stampText(value: BuildStamp): string {
  return JSON.stringify({ mark: STAMP_MARK, version: KEEL_VERSION, ...value });
}

/** Called once by the binary's generated entry with stampText()'s JSON, before keel's CLI evaluates. */
export function stampBuild(text: string): void {
  const value = JSON.parse(text) as Partial<BuildStamp>;
  stamp = {
    commit: String(value.commit ?? "unknown"),
    builtAt: String(value.builtAt ?? "unknown"),
    target: String(value.target ?? "unknown"),
  };
}

export function buildInfo(): BuildInfo {
  return {
    version: KEEL_VERSION,
    commit: stamp?.commit ?? "unknown",
    builtAt: stamp?.builtAt ?? "unknown",
    bun: process.versions.bun ?? null,
    target: stamp?.target ?? `source-${process.platform}-${process.arch}`,
    compiled: stamp !== undefined,
  };
}
