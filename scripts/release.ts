// `npm run release`: cross-compiles keel for every platform in scripts/release/targets.ts into
// dist/release/keel-<os>-<arch>[.exe], each embedding the pinned Bun runtime from npm, checks every binary's
// header and build stamp, and writes SHA256SUMS (`sha256sum -c` format). Flags: --out <dir> (default
// dist/release), --only <name,…> (a subset of targets), --cache <dir> (where fetched runtimes are kept),
// --reuse-extension (embed the dist/extension/ bundle as it is, for tests that run beside others reading it).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildStamp, collectAssets, compile, mib, timed, writeEntry } from "./build.ts";
import { readExeHeader } from "./release/exe-format.ts";
import { runtimeFor } from "./release/runtimes.ts";
import { findStamp } from "./release/stamp.ts";
import { binaryName, RELEASE_TARGETS, type ReleaseTarget, RUNTIME_VERSION } from "./release/targets.ts";

const root = join(import.meta.dirname, "..");

/** The runtimes must be the Bun that bundles: same version as the pinned devDependency and its lockfile. */
function checkPins(): void {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const pinned = pkg.devDependencies?.bun;
  if (pinned !== RUNTIME_VERSION || process.versions.bun !== RUNTIME_VERSION) {
    throw new Error(
      `the release runtimes are Bun ${RUNTIME_VERSION}, but package.json pins bun ${pinned} and this is Bun ${process.versions.bun}: update scripts/release/targets.ts`,
    );
  }
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  for (const target of RELEASE_TARGETS) {
    const entry = lock.packages?.[`node_modules/${target.runtimePackage}`];
    if (entry && (entry.version !== RUNTIME_VERSION || entry.integrity !== target.integrity)) {
      throw new Error(`${target.runtimePackage}: package-lock.json has another version or integrity`);
    }
  }
}

function selectTargets(only: string | undefined): ReleaseTarget[] {
  if (!only) return [...RELEASE_TARGETS];
  const names = only.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !RELEASE_TARGETS.some((t) => t.name === name));
  if (unknown.length > 0) {
    throw new Error(`unknown target ${unknown.join(", ")}; known: ${RELEASE_TARGETS.map((t) => t.name)}`);
  }
  return RELEASE_TARGETS.filter((target) => names.includes(target.name));
}

/** Refuses a binary whose header or embedded stamp does not say what was built. */
function checkBinary(file: string, target: ReleaseTarget, version: string, commit: string): void {
  const bytes = readFileSync(file);
  const header = readExeHeader(bytes.subarray(0, 4096));
  if (header?.format !== target.format || header.arch !== target.arch) {
    throw new Error(`${file} is not a ${target.format} ${target.arch} executable`);
  }
  const stamp = findStamp(bytes);
  if (stamp?.version !== version || stamp.commit !== commit || stamp.target !== target.bunTarget) {
    throw new Error(`${file} does not embed the build stamp of ${version} ${commit} ${target.bunTarget}`);
  }
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      only: { type: "string" },
      cache: { type: "string" },
      "reuse-extension": { type: "boolean" },
    },
  });
  const out = resolve(values.out ?? join(root, "dist/release"));
  const cache = resolve(values.cache ?? join(root, "node_modules/.cache/keel-release"));
  const targets = selectTargets(values.only);
  checkPins();
  const started = performance.now();
  const assets = await collectAssets(values["reuse-extension"]);
  const base = buildStamp("");
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(out)) {
    if (name.startsWith("keel-") || name === "SHA256SUMS" || name === ".build")
      rmSync(join(out, name), { recursive: true, force: true });
  }
  const sums: string[] = [];
  for (const target of targets) {
    const runtime = await timed(`runtime ${target.runtimePackage}`, () => runtimeFor(target, cache));
    const entry = writeEntry(assets, { ...base, target: target.bunTarget }, join(out, ".build"));
    const file = join(out, binaryName(target));
    await timed(`compile ${target.name}`, () =>
      compile(entry, { outfile: file, cross: { target: target.bunTarget, executablePath: runtime } }),
    );
    checkBinary(file, target, version, base.commit);
    const sha = createHash("sha256").update(readFileSync(file)).digest("hex");
    sums.push(`${sha}  ${binaryName(target)}`);
    console.log(`  ${relative(root, file)}  ${mib(statSync(file).size)}  ${sha.slice(0, 16)}`);
  }
  rmSync(join(out, ".build"), { recursive: true, force: true });
  writeFileSync(
    join(out, "SHA256SUMS"),
    `${sums.sort((a, b) => a.slice(66).localeCompare(b.slice(66))).join("\n")}\n`,
  );
  console.log(
    `keel ${version} (${base.commit}): ${targets.length} binaries and SHA256SUMS in ${relative(root, out) || out}`,
  );
  console.log(`${"total".padEnd(34)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`);
}

if (process.argv[1] === import.meta.filename) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(`release failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
