// Runs a linux arm64 binary on this x64 machine under Debian's qemu-user (`qemu-aarch64`), with the arm64 C
// library from `libc6-arm64-cross` as its root. Both are apt packages that .ci/run installs when missing.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const QEMU = "qemu-aarch64";
const SYSROOT = "/usr/aarch64-linux-gnu";

/** Why arm64 binaries cannot run here, or undefined when they can. */
export function qemuMissingReason(): string | undefined {
  if (process.arch === "arm64") return undefined;
  const probe = spawnSync(QEMU, ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return `${QEMU} is not installed (apt-get install qemu-user)`;
  if (!existsSync(`${SYSROOT}/lib/ld-linux-aarch64.so.1`))
    return `the arm64 C library is not installed (apt-get install libc6-arm64-cross)`;
  return undefined;
}

export function qemuArm64(
  binary: string,
  args: string[],
  env: Record<string, string>,
): SpawnSyncReturns<string> {
  const command = process.arch === "arm64" ? binary : QEMU;
  const argv = process.arch === "arm64" ? args : ["-L", SYSROOT, binary, ...args];
  return spawnSync(command, argv, {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
}
