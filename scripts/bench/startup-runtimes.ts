// Start-up by runtime: the compiled binary's `--version` against keel from source (Bun, Node, Deno), bare Node,
// and a one-line program compiled the same way. The paired per-command figures are in startup.ts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Benchmark, BIN, type Probe, ROOT } from "./measure.ts";
import { compileFloor } from "./startup.ts";

let scratch: string | undefined;

export const benchmark: Benchmark = {
  name: "startup-runtimes",
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
    scratch = mkdtempSync(join(tmpdir(), "keel-bench-"));
    const floor = compileFloor(scratch);
    return floor ? [...probes, floor] : probes;
  },
  cleanup() {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  },
};
