// keel's CLI writes its output by file descriptor; through real pipes it must deliver every byte to a slow
// reader (a full non-blocking pipe) and stop quietly when the reader goes away (EPIPE), on Bun and on Node.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";

const BYTES = 3_000_000;
const script = join(tmpdir(), `keel-std-write-${process.pid}.ts`);
writeFileSync(
  script,
  `import { writeAll } from ${JSON.stringify(join(REPO_ROOT, "src/cli/std-write.ts"))};
writeAll(1, "x".repeat(${BYTES}));
writeAll(2, "done");
`,
);

/** Runs the writer; `read` decides how stdout is consumed. Resolves with what arrived and the exit code. */
function run(runtime: string, read: "slow" | "close-early") {
  return new Promise<{ bytes: number; code: number | null; stderr: string }>((resolve) => {
    const child = spawn(join(BIN_DIR, runtime), [script], { stdio: ["ignore", "pipe", "pipe"] });
    let bytes = 0;
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (read === "close-early") child.stdout.destroy();
      else {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 1);
      }
    });
    child.on("close", (code) => resolve({ bytes, code, stderr }));
  });
}

describe.each(["bun", "node"])("output by file descriptor on %s", (runtime) => {
  it("gives a slow reader every byte", async () => {
    expect(await run(runtime, "slow")).toEqual({ bytes: BYTES, code: 0, stderr: "done" });
  });

  it("stops quietly when the reader closes the pipe", async () => {
    const result = await run(runtime, "close-early");
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("done");
    expect(result.bytes).toBeLessThan(BYTES);
  });
});
