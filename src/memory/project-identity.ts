// Project identity: SHA-256 of the git common directory, so worktrees of one repo share a project;
// outside git, a configured root. Anything else is a clear error value.

import { basename, dirname, resolve } from "node:path";
import { childProcess } from "../core/builtins.ts";
import { sha256Hex } from "../core/hash.ts";
import { fail, ok, type Result } from "../core/result.ts";
import type { ProjectIdentity } from "../store/projects.ts";

export interface IdentityInput {
  cwd: string;
  /** A root configured by the user (KEEL_PROJECT_ROOT) for folders outside git. */
  configuredRoot?: string;
}

export function resolveProjectIdentity(input: IdentityInput): Result<ProjectIdentity> {
  const commonDir = gitCommonDir(input.cwd);
  if (commonDir) {
    const root = basename(commonDir) === ".git" ? dirname(commonDir) : commonDir;
    return ok({ id: sha256Hex(`git:${commonDir}`), root, identitySource: "git", name: basename(root) });
  }
  if (input.configuredRoot) {
    const root = resolve(input.cwd, input.configuredRoot);
    return ok({ id: sha256Hex(`root:${root}`), root, identitySource: "configured", name: basename(root) });
  }
  return fail(
    `${input.cwd} is not inside a git repository and no project root is configured (set KEEL_PROJECT_ROOT)`,
  );
}

/** Absolute git common dir for cwd, or undefined outside a repository or without git. */
function gitCommonDir(cwd: string): string | undefined {
  try {
    const out = childProcess()
      .execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
        cwd,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      })
      .trim();
    return out === "" ? undefined : out;
  } catch (error) {
    if ((error as { status?: number }).status !== undefined || (error as { code?: string }).code === "ENOENT")
      return undefined;
    throw error;
  }
}
