// Startup benchmark: the compiled binary's `--version` against keel from source (Bun, Node, Deno), bare Node,
// and a one-line program compiled the same way (the floor any Bun binary pays).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Benchmark, BIN, type Probe, ROOT } from "./measure.ts";

let scratch: string | undefined;

/** Compiles `console.log(version)` with keel's compile flags; undefined when that fails. */
function compiledFloor(): Probe | undefined {
  scratch = mkdtempSync(join(tmpdir(), "keel-bench-"));
  writeFileSync(join(scratch, "hello.ts"), 'console.log("0.0.0");\n');
  const out = join(scratch, "hello");
  const flags = ["--compile", "--minify", "--bytecode", "--format=esm"];
  const run = spawnSync(join(BIN, "bun"), ["build", ...flags, join(scratch, "hello.ts"), "--outfile", out]);
  if (run.status !== 0) return undefined;
  return { label: "compiled one-liner (bun floor)", command: [out] };
}

export const benchmark: Benchmark = {
  name: "startup",
  description: "whole process, `--version` (first row is the reference for the ratio)",
  probes() {
    const binary = join(ROOT, "dist/keel");
    if (!existsSync(binary)) throw new Error("dist/keel is missing: run `bun scripts/build.ts` first");
    const probes: Probe[] = [
      { label: "dist/keel --version", command: [binary, "--version"] },
      { label: "bun src/main.ts --version", command: [join(BIN, "bun"), "src/main.ts", "--version"] },
      { label: "node src/main.ts --version", command: [join(BIN, "node"), "src/main.ts", "--version"] },
      {
        label: "deno run -A src/main.ts --version",
        command: [join(BIN, "deno"), "run", "-A", "src/main.ts", "--version"],
      },
      { label: "node -e 0 (baseline)", command: [join(BIN, "node"), "-e", "0"] },
    ];
    const floor = compiledFloor();
    return floor ? [...probes, floor] : probes;
  },
  cleanup() {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  },
};
