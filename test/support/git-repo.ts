// Real git repositories for tests: a git runner with a fixed identity and a repo with one commit.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=keel test", "-c", "user.email=test@keel.invalid", ...args], {
    cwd,
    encoding: "utf8",
    stdio: "pipe",
  });
}

/**
 * Creates `dir` as a repository whose first commit holds `files` (default one small file; `{}` an empty commit);
 * `null` leaves it without a commit (an unborn branch, as a fresh `git init`).
 */
export function initRepo(dir: string, files: Record<string, string> | null = { "a.txt": "a\n" }): string {
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  if (files === null) return dir;
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "base", "--allow-empty");
  return dir;
}
