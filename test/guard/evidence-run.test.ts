// Evidence runs on real processes: exit codes, closed stdin, bounded output capture, timeouts that kill
// the whole process group, and masked exit codes.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/core/clock.ts";
import { exitCodeTrust } from "../../src/guard/evidence/masking.ts";
import { runEvidenceCommand } from "../../src/guard/evidence/run-command.ts";

const run = (command: string, timeoutMs = 10_000, tailBytes = 64) =>
  runEvidenceCommand(command, { cwd: tmpdir(), timeoutMs, tailBytes, clock: systemClock });

describe("runEvidenceCommand", () => {
  it("records the exit code and the output digest", async () => {
    const result = await run("printf 'hello\\n'; exit 3");
    expect(result).toMatchObject({
      exitCode: 3,
      timedOut: false,
      output: { bytes: 6, tail: "hello\n", truncated: false },
    });
    expect(result.output.sha256).toBe(createHash("sha256").update("hello\n").digest("hex"));
  });

  it("closes stdin so a command waiting for input ends at once", async () => {
    const result = await run("cat; echo after");
    expect(result).toMatchObject({ exitCode: 0, output: { tail: "after\n" } });
  });

  it("keeps only the tail of a large output", async () => {
    const result = await run("seq 1 200000", 10_000, 32);
    expect(result.output.bytes).toBe(execFileSync("seq", ["1", "200000"], { maxBuffer: 1 << 24 }).length);
    expect(result.output.truncated).toBe(true);
    expect(result.output.tail.endsWith("199999\n200000\n")).toBe(true);
    expect(result.output.tail.length).toBeLessThanOrEqual(32);
  });

  it("kills the whole process group on timeout", async () => {
    const marker = `keel-evidence-${process.pid}-${Date.now()}`;
    const result = await run(`sh -c 'sleep 30; echo ${marker}' & sleep 30`, 300);
    expect(result.timedOut).toBe(true);
    const survivors = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
      .split("\n")
      .filter((l) => l.includes(marker) && !l.includes("ps -eo"));
    expect(survivors).toEqual([]);
  });

  it.each([
    ["setsid", (n: number) => `setsid sleep ${n}`],
    ["setsid in the background", (n: number) => `setsid sh -c 'sleep ${n}' & wait`],
    ["double fork", (n: number) => `(setsid sleep ${n} &) ; sleep ${n}`],
  ])(
    "returns at the timeout when a process leaves the group (%s), and kills it",
    async (_name, shape) => {
      const seconds = 3000 + Math.floor(Math.random() * 900);
      const result = await run(shape(seconds), 500);
      expect(result.timedOut).toBe(true);
      expect(result.strays.killed).toBeGreaterThanOrEqual(1);
      expect(result.strays.escaped).toEqual([]);
      const survivors = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
        .split("\n")
        .filter((l) => l.trim() === `sleep ${seconds}`);
      expect(survivors).toEqual([]);
    },
    60_000,
  );
});

describe("exitCodeTrust", () => {
  it.each([
    ["npm test || true", false],
    ["pytest -q || :", false],
    ["make test; exit 0", false],
    ["npm test | tee log.txt", false],
    ["set -o pipefail; npm test | tee log.txt", true],
    ["npm test", true],
    ["npm test || npm run test:retry", true],
    ["echo '|| true'", true],
  ])("%s → trusted %s", (line, trusted) => {
    expect(exitCodeTrust(line).trusted).toBe(trusted);
  });
});
