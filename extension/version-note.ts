// Versions meeting inside pi: at the first session start of a pi process, asks the keel binary that wrote this
// extension (its path is in the manifest `keel install` wrote) for `--version --json`; when that binary now ships
// another extension bundle, says so once, in pi's status line. Runs in the background and never blocks a session.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { readEnvFlags } from "../src/config/flags.ts";
import { resolvePaths } from "../src/config/paths.ts";
import { childProcess } from "../src/core/builtins.ts";
import { sha256Hex } from "../src/core/hash.ts";
import { EXTENSION_FILE, installedStamp } from "../src/install/extension-package.ts";
import { isStale, parseBinaryVersion, staleNote } from "../src/install/version-meet.ts";

export const VERSION_STATUS_KEY = "keel-version";
const TIMEOUT_MS = 10_000;
const MAX_OUTPUT = 64 * 1024;

let checked = false;

/** Starts the check once per pi process; the status line gets a note only when the binary moved on. */
export function noteStaleExtensionOnce(ctx: ExtensionContext): void {
  if (checked) return;
  checked = true;
  const dir = resolvePaths(readEnvFlags()).extensionDir;
  const stamp = installedStamp(dir);
  if (!stamp?.binary) return; // written from source: there is no binary to ask
  let installed: string;
  try {
    installed = sha256Hex(readFileSync(join(dir, EXTENSION_FILE), "utf8"));
  } catch {
    return; // pi loaded the extension from elsewhere: nothing of ours to compare
  }
  childProcess().execFile(
    stamp.binary,
    ["--version", "--json"],
    { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT, encoding: "utf8" },
    (error, stdout) => {
      if (error) return; // the binary moved or cannot run: doctor reports that, the status line stays quiet
      const binary = parseBinaryVersion(stdout);
      if (!binary || !isStale(installed, binary)) return;
      try {
        ctx.ui.setStatus(VERSION_STATUS_KEY, `keel: ${staleNote(stamp, binary)}`);
      } catch {
        return; // the session ended while the binary answered: nothing left to tell
      }
    },
  );
}
