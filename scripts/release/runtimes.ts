// Brings the Bun runtime of each release target from the npm registry with npm's own client (`npm pack`),
// checks the tarball against the pinned integrity and unpacks the one executable into a cache folder. Nothing is
// downloaded from anywhere else; a runtime already unpacked from a verified tarball is reused.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readExeHeader } from "./exe-format.ts";
import { type ReleaseTarget, RUNTIME_VERSION } from "./targets.ts";

export function sha512Integrity(bytes: Uint8Array): string {
  return `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) throw new Error(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`\`${command} ${args.join(" ")}\` exited ${result.status}: ${result.stderr.trim()}`);
  }
  return result.stdout;
}

/** Path of the target's Bun executable, fetched and verified on first use. */
export function runtimeFor(target: ReleaseTarget, cacheDir: string): string {
  const dir = join(cacheDir, `${target.runtimePackage.replace("/", "+")}@${RUNTIME_VERSION}`);
  const exe = join(dir, target.runtimePath);
  const marker = join(dir, "integrity");
  if (existsSync(exe) && existsSync(marker) && readFileSync(marker, "utf8") === target.integrity) return exe;

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const spec = `${target.runtimePackage}@${RUNTIME_VERSION}`;
  const packed = JSON.parse(run("npm", ["pack", spec, "--json", "--pack-destination", dir], dir)) as Array<{
    filename: string;
  }>;
  const tarball = join(dir, packed[0]?.filename ?? "");
  const integrity = sha512Integrity(readFileSync(tarball));
  if (integrity !== target.integrity) {
    throw new Error(`${spec}: tarball integrity ${integrity} is not the pinned ${target.integrity}`);
  }
  run("tar", ["-xzf", tarball, "-C", dir, `package/${target.runtimePath}`], dir);
  mkdirSync(join(exe, ".."), { recursive: true });
  renameSync(join(dir, "package", target.runtimePath), exe);
  rmSync(join(dir, "package"), { recursive: true, force: true });
  rmSync(tarball, { force: true });
  chmodSync(exe, 0o755);

  const header = readExeHeader(readFileSync(exe).subarray(0, 4096));
  if (header?.format !== target.format || header.arch !== target.arch) {
    throw new Error(`${spec}: ${target.runtimePath} is not a ${target.format} ${target.arch} executable`);
  }
  writeFileSync(marker, target.integrity);
  return exe;
}
