// Project identity on real git repositories: one id per repository, shared by subfolders and worktrees.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { sha256Hex } from "../../src/core/hash.ts";
import { resolveProjectIdentity } from "../../src/project/identity.ts";
import { git, initRepo } from "../support/git-repo.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "keel-identity-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const makeRepo = (name: string) => initRepo(join(root, name), { README: "x", "src/.keep": "" });

it("names a repository by the SHA-256 of its git common dir", () => {
  const repo = makeRepo("alpha");
  const identity = resolveProjectIdentity({ cwd: repo });
  expect(identity).toEqual({
    ok: true,
    value: { id: sha256Hex(`git:${join(repo, ".git")}`), root: repo, identitySource: "git", name: "alpha" },
  });
  expect(resolveProjectIdentity({ cwd: join(repo, "src") })).toEqual(identity);
});

it("gives worktrees of one repository the same id and other repositories another", () => {
  const repo = makeRepo("beta");
  const worktree = join(root, "beta-feature");
  git(repo, "worktree", "add", "-q", worktree);
  const main = resolveProjectIdentity({ cwd: repo });
  const linked = resolveProjectIdentity({ cwd: worktree });
  expect(main.ok && linked.ok).toBe(true);
  if (!main.ok || !linked.ok) return;
  expect(linked.value.id).toBe(main.value.id);
  const other = resolveProjectIdentity({ cwd: makeRepo("gamma") });
  expect(other.ok && other.value.id).not.toBe(main.value.id);
});

it("uses a configured root outside git, and says what to do without one", () => {
  const loose = join(root, "loose");
  mkdirSync(loose);
  expect(resolveProjectIdentity({ cwd: loose, configuredRoot: "." })).toEqual({
    ok: true,
    value: { id: sha256Hex(`root:${loose}`), root: loose, identitySource: "configured", name: "loose" },
  });
  const missing = resolveProjectIdentity({ cwd: loose });
  expect(missing).toEqual({
    ok: false,
    reason: expect.stringMatching(/not inside a git repository.*KEEL_PROJECT_ROOT/),
  });
});
