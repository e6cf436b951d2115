// `keel verify` shows a command's output while it runs: the first line reaches stderr before the command ends,
// redacted and without colour codes, while stdout still carries only the result.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN_DIR, isolatedEnv, REPO_ROOT } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("verify-live");
const project = join(root, "proj");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
beforeAll(() => initRepo(project));

interface Seen {
  stderrAtFirstLine: string | null;
  exitedBeforeFirstLine: boolean;
  stdout: string;
  stderr: string;
  status: number | null;
}

/** Runs keel verify and notes whether the first output line arrived while the command was still running. */
function watchVerify(command: string): Promise<Seen> {
  const child = spawn(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "verify", command], {
    cwd: project,
    env,
  });
  const seen: Seen = {
    stderrAtFirstLine: null,
    exitedBeforeFirstLine: false,
    stdout: "",
    stderr: "",
    status: null,
  };
  let exited = false;
  child.stdout.on("data", (chunk: Buffer) => {
    seen.stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    seen.stderr += chunk.toString();
    if (seen.stderrAtFirstLine === null && seen.stderr.includes("│ first")) {
      seen.stderrAtFirstLine = seen.stderr;
      seen.exitedBeforeFirstLine = exited;
    }
  });
  return new Promise((resolve) => {
    child.on("exit", () => {
      exited = true;
    });
    child.on("close", (status) => resolve({ ...seen, status }));
  });
}

describe("keel verify streams output", () => {
  it("shows the first line before a command that prints over 3 s has ended", async () => {
    const token = `ghp_${"a1B2c3D4e5".repeat(4)}`;
    const seen = await watchVerify(
      `printf '\\033[32mfirst\\033[0m line ${token}\\n'; sleep 3; echo second line; echo done`,
    );
    expect(seen.status).toBe(0);
    expect(seen.stderrAtFirstLine).not.toBeNull();
    expect(seen.exitedBeforeFirstLine).toBe(false);
    // The second line is printed 3 s after the first: it was not there yet when the first arrived.
    expect(seen.stderrAtFirstLine).not.toContain("│ second line");
    expect(seen.stderr).toContain("│ first line [redacted:github-token]\n│ second line\n│ done\n");
    expect(seen.stderr).not.toContain(token);
    expect(seen.stderr).not.toContain("\u001b");
    // stdout is the result only: the record line first, no streamed lines.
    expect(seen.stdout).toMatch(/^#1 exit 0 in \d+\.\ds/);
    expect(seen.stdout).not.toContain("│");
  });
});
