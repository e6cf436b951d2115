// The Chromium inside the pinned `@sparticuz/chromium` devDependency, unpacked once per machine into
// `<tmp>/keel-chromium-<version>/`. Parallel test workers race safely: each unpacks into its own staging folder
// and renames it into place; the loser drops its copy. A half-unpacked folder is never used (no marker file).
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import Chromium from "@sparticuz/chromium";

const PACKAGE = "@sparticuz/chromium";
const MARKER = ".keel-unpacked";
/** Flags of the package that weaken the page's security model; keel's UI tests want a browser as users have it. */
const UNWANTED_ARGS = new Set([
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
]);

export interface NpmChromium {
  executablePath: string;
  args: string[];
}

function packageVersion(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (build/index.js); its manifest sits two folders up.
  const manifestPath = join(dirname(dirname(require.resolve(PACKAGE))), "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/** Unpacks (or reuses) the npm-shipped Chromium and returns its path and launch flags. */
export async function unpackNpmChromium(): Promise<NpmChromium> {
  const args = Chromium.args.filter((flag) => !UNWANTED_ARGS.has(flag));
  const home = join(tmpdir(), `keel-chromium-${packageVersion()}`);
  const executablePath = join(home, "chromium");
  if (existsSync(join(home, MARKER)) && existsSync(executablePath)) return { executablePath, args };

  const staging = mkdtempSync(`${home}.staging-`);
  try {
    // The package unpacks into os.tmpdir(), read when the call starts: point it at the staging folder for the call.
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    let unpacking: Promise<string>;
    try {
      unpacking = Chromium.executablePath();
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
    const unpacked = await unpacking;
    if (!unpacked.startsWith(staging) || basename(unpacked) !== "chromium") {
      throw new Error(`${PACKAGE} unpacked to ${unpacked}, outside its staging folder ${staging}`);
    }
    writeFileSync(join(staging, MARKER), `${new Date().toISOString()}\n`);
    // rename is atomic, so a folder at `home` is always complete; when another worker renamed first, use theirs.
    if (!existsSync(join(home, MARKER))) renameSync(staging, home);
    return { executablePath, args };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
