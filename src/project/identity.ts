// Project identity: SHA-256 of the git common directory, so worktrees of one repo share a project;
// outside git, a configured root. Anything else is a clear error value. The common directory is read from the
// file system when the layout is plain (git-dir.ts), else git is asked through core/git.ts.
import { basename, dirname, resolve } from "node:path";
import { tryGit } from "../core/git.ts";
import { sha256Hex } from "../core/hash.ts";
import { fail, ok, type Result } from "../core/result.ts";
import type { ProjectIdentity } from "../store/projects.ts";
import { readGitCommonDir } from "./git-dir.ts";

export type { ProjectIdentity };

export interface IdentityInput {
  cwd: string;
  /** A root configured by the user (KEEL_PROJECT_ROOT) for folders outside git. */
  configuredRoot?: string;
}

export function resolveProjectIdentity(input: IdentityInput): Result<ProjectIdentity> {
  const commonDir =
    readGitCommonDir(input.cwd) ??
    (tryGit(input.cwd, ["rev-parse", "--path-format=absolute", "--git-common-dir"]) || undefined);
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
