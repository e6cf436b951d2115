// `npm run release` end to end: the real script cross-compiles every target into a temp folder with the pinned
// npm runtimes; then SHA256SUMS must match the files, every binary must carry its platform's header bytes and the
// same build stamp, the linux x64 binaries pass the binary smoke suite, and the linux arm64 binary runs
// `--version` and `store check` under Debian's qemu-user (skipped, with the reason printed, where it is absent).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  cpSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { findStamp } from "../../scripts/release/stamp.ts";
import { describeBinarySmoke } from "../support/binary-smoke.ts";
import { qemuArm64, qemuMissingReason } from "../support/qemu.ts";
import { tempDir } from "../support/temp.ts";

const root = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const scratch = tempDir("release");
const out = join(scratch, "release");

const NAMES = [
  "keel-darwin-arm64",
  "keel-darwin-x64",
  "keel-linux-arm64",
  "keel-linux-x64",
  "keel-linux-x64-baseline",
  "keel-windows-x64.exe",
];

function head(file: string, length = 4096): Buffer {
  const fd = openSync(file, "r");
  try {
    const bytes = Buffer.alloc(length);
    readSync(fd, bytes, 0, length, 0);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** A hang guard, not a speed check: six compiles of a 130 MB binary took 10 minutes on this 2-core machine at load 15. */
const RELEASE_BOUND_MS = 1_500_000;

beforeAll(() => {
  // npm test has just built dist/extension/; other test files read it, so the release embeds it as it is.
  const run = spawnSync(
    join(root, "node_modules/.bin/bun"),
    ["scripts/release.ts", "--out", out, "--reuse-extension"],
    { cwd: root, encoding: "utf8", timeout: RELEASE_BOUND_MS },
  );
  if (run.status !== 0)
    throw new Error(
      `npm run release failed (status ${run.status}, signal ${run.signal}):\n${run.stdout}\n${run.stderr}`,
    );
}, RELEASE_BOUND_MS);

describe("npm run release", () => {
  it("writes every binary and a SHA256SUMS that matches them", () => {
    expect(readdirSync(out).sort()).toEqual([...NAMES, "SHA256SUMS"].sort());
    const lines = readFileSync(join(out, "SHA256SUMS"), "utf8").trimEnd().split("\n");
    expect(lines.map((line) => line.slice(66)).sort()).toEqual([...NAMES].sort());
    for (const line of lines) {
      const [sum, name] = line.split("  ");
      expect(sum, name).toBe(
        createHash("sha256")
          .update(readFileSync(join(out, String(name))))
          .digest("hex"),
      );
    }
  });

  it("gives each binary its platform's executable header", () => {
    const elf = (name: string, machine: number) => {
      const bytes = head(join(out, name));
      expect([...bytes.subarray(0, 6)], name).toEqual([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
      expect(bytes.readUInt16LE(18), name).toBe(machine);
    };
    elf("keel-linux-x64", 0x3e);
    elf("keel-linux-x64-baseline", 0x3e);
    elf("keel-linux-arm64", 0xb7);
    const macho = (name: string, cpu: number) => {
      const bytes = head(join(out, name));
      expect(bytes.readUInt32LE(0), name).toBe(0xfeedfacf);
      expect(bytes.readUInt32LE(4), name).toBe(cpu);
    };
    macho("keel-darwin-x64", 0x01000007);
    macho("keel-darwin-arm64", 0x0100000c);
    const pe = head(join(out, "keel-windows-x64.exe"));
    expect(pe.toString("latin1", 0, 2)).toBe("MZ");
    const peAt = pe.readUInt32LE(0x3c);
    expect(pe.toString("latin1", peAt, peAt + 4)).toBe("PE\0\0");
    expect(pe.readUInt16LE(peAt + 4)).toBe(0x8664);
  });

  it("embeds the same version and commit in every binary, each with its own target", () => {
    const stamps = NAMES.map((name) => findStamp(readFileSync(join(out, name))));
    const targets = stamps.map((stamp) => stamp?.target);
    expect(targets).toEqual([
      "bun-darwin-arm64",
      "bun-darwin-x64",
      "bun-linux-arm64",
      "bun-linux-x64",
      "bun-linux-x64-baseline",
      "bun-windows-x64",
    ]);
    expect(new Set(stamps.map((stamp) => stamp?.version))).toEqual(new Set([pkg.version]));
    expect(new Set(stamps.map((stamp) => stamp?.commit)).size).toBe(1);
    expect(new Set(stamps.map((stamp) => stamp?.builtAt)).size).toBe(1);
  });

  describe("linux arm64 under qemu-user", () => {
    const missing = qemuMissingReason();
    if (missing) console.warn(`skipping the linux arm64 run: ${missing}`);

    it.skipIf(missing !== undefined)("runs --version --json and store check", () => {
      const binary = join(out, "keel-linux-arm64");
      const version = qemuArm64(binary, ["--version", "--json"], {});
      expect(version.status, version.stderr).toBe(0);
      expect(JSON.parse(version.stdout)).toMatchObject({
        version: pkg.version,
        target: "bun-linux-arm64",
        commit: findStamp(readFileSync(binary))?.commit,
      });
      const store = qemuArm64(binary, ["store", "check", "--json"], { KEEL_DB: join(scratch, "arm64.db") });
      expect(store.status, store.stderr).toBe(0);
      expect(JSON.parse(store.stdout)).toMatchObject({
        ok: true,
        driver: "bun-sqlite",
        fts5: true,
        problems: [],
      });
      expect(existsSync(join(scratch, "arm64.db"))).toBe(true);
    });
  });
});

describeBinarySmoke("release keel-linux-x64", () => join(out, "keel-linux-x64"), { target: "bun-linux-x64" });
describeBinarySmoke("release keel-linux-x64-baseline", () => join(out, "keel-linux-x64-baseline"), {
  target: "bun-linux-x64-baseline",
});

describe("scripts/install.sh from the release folder", () => {
  const install = (from: string, bin: string, ...extra: string[]) =>
    spawnSync("sh", [join(root, "scripts/install.sh"), from, "--dir", bin, ...extra], {
      encoding: "utf8",
      env: { ...process.env, PATH: "/usr/bin:/bin" },
    });

  it("puts this machine's binary on the given folder after checking SHA256SUMS", () => {
    const bin = join(scratch, "bin");
    const run = install(out, bin);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/installed keel-linux-x64(-baseline)? as /);
    expect(run.stdout).toContain("is not on your PATH");
    const version = spawnSync(join(bin, "keel"), ["--version", "--json"], { encoding: "utf8" });
    expect(version.status, version.stderr).toBe(0);
    expect(JSON.parse(version.stdout).target).toMatch(/^bun-linux-x64(-baseline)?$/);
    const again = install(out, bin);
    expect(again.status, again.stderr).toBe(0);
  });

  it("refuses a binary that does not match SHA256SUMS, and an existing file without --force", () => {
    const tampered = join(scratch, "tampered");
    cpSync(out, tampered, { recursive: true });
    const sums = readFileSync(join(tampered, "SHA256SUMS"), "utf8").replace(
      /^[0-9a-f]{64}/gm,
      "0".repeat(64),
    );
    writeFileSync(join(tampered, "SHA256SUMS"), sums);
    const bin = join(scratch, "bin-tampered");
    const run = install(tampered, bin);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/does not match SHA256SUMS .*not installed/);
    expect(existsSync(join(bin, "keel"))).toBe(false);

    const other = join(scratch, "bin-other");
    cpSync(join(root, "package.json"), join(other, "keel"));
    const refused = install(out, other);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("already exists: pass --force");
    expect(install(out, other, "--force").status).toBe(0);
  });
});
