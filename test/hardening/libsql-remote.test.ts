// The compiled binary reaches a remote libSQL store: dist/keel with KEEL_DB=http://… (authToken in the URL, as the README says) runs
// note, journal, contract and memory against a local Hrana-over-HTTP server backed by a real SQLite file; the
// rows land in that file. Before, the binary failed with "Cannot find module '@libsql/linux-x64-gnu'".

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv, REPO_ROOT } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { type HranaServer, startHranaServer } from "../support/hrana-server.ts";

const root = mkdtempSync(join(tmpdir(), "keel-libsql-remote-"));
const binary = join(REPO_ROOT, "dist/keel");
const file = join(root, "team.db");
let server: HranaServer;
beforeAll(async () => {
  server = await startHranaServer(file, "team-token");
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs a process without blocking this one: the server answering it lives in this process. */
function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe.skipIf(!existsSync(binary))("dist/keel against a remote libSQL store", () => {
  it("writes and reads through the HTTP protocol", async () => {
    const repo = initRepo(join(root, "repo"));
    const env = isolatedEnv(join(root, "agent"), { KEEL_DB: `${server.url}/?authToken=team-token` });
    const keel = (args: string[], runEnv = env) => run(binary, args, repo, runEnv);
    for (const args of [
      ["note", "decision", "the team store works"],
      ["contract", "add", "Keep the team store reachable"],
      ["memory", "record", "-k", "fact", "--title", "remote", "--body", "stored over HTTP"],
    ]) {
      const done = await keel(args);
      expect(done.status, `${args.join(" ")}: ${done.stderr}`).toBe(0);
    }
    expect((await keel(["journal"])).stdout).toContain("the team store works");
    expect((await keel(["memory", "search", "HTTP"])).stdout).toContain("remote");
    const db = new DatabaseSync(file);
    expect(db.prepare("select text from guard_journal").all()).toEqual([{ text: "the team store works" }]);
    db.close();
    expect(server.requests).toBeGreaterThan(5);
    // A wrong token is refused by the server, and the error does not print the token.
    const denied = await keel(
      ["journal"],
      isolatedEnv(join(root, "agent"), { KEEL_DB: `${server.url}/?authToken=wrong-token-value` }),
    );
    expect(denied.status).toBe(2);
    expect(denied.stderr).not.toContain("wrong-token-value");
  }, 120_000);
});
