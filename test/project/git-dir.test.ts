// readGitCommonDir against git itself: on each layout the file-system answer is git's own
// (`git rev-parse --path-format=absolute --git-common-dir`), or undefined where git must be asked; and a project's
// identity comes out as git's answer makes it.
import { spawnSync } from "node:child_process";
import { chownSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/core/hash.ts";
import { readGitCommonDir } from "../../src/project/git-dir.ts";
import { resolveProjectIdentity } from "../../src/project/identity.ts";
import { BIN_DIR, REPO_ROOT } from "../support/cli.ts";
import { git, initRepo } from "../support/git-repo.ts";

let scratch: string;

/** What git says for `cwd`, with no GIT_* variable of the test run leaking in (only those in `env`). */
function gitSays(cwd: string, env: NodeJS.ProcessEnv = {}): string | null {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("GIT_")));
  const run = spawnSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
    cwd,
    env: { ...clean, ...env },
    encoding: "utf8",
  });
  return run.status === 0 ? run.stdout.trim() : null;
}

beforeAll(() => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), "keel-git-dir-")));
  const main = initRepo(join(scratch, "main"), { "sub/deep/a.txt": "a\n" });
  git(main, "worktree", "add", "-q", join(scratch, "linked"));
  symlinkSync(main, join(scratch, "main-link"));
  mkdirSync(join(scratch, "dot-link"));
  symlinkSync(join(main, ".git"), join(scratch, "dot-link", ".git"));
  mkdirSync(join(scratch, "store"));
  git(scratch, "init", "-q", "--separate-git-dir", join(scratch, "store", "sep.git"), "separate");
  // A submodule's layout: `.git` a file naming a git folder by a relative path.
  git(scratch, "init", "-q", "--bare", join(main, ".git", "modules", "child"));
  mkdirSync(join(main, "child"));
  writeFileSync(join(main, "child", ".git"), "gitdir: ../.git/modules/child\n");
  mkdirSync(join(main, "empty-dot", ".git"), { recursive: true });
  git(scratch, "init", "-q", "--bare", join(scratch, "bare.git"));
  git(main, "init", "-q", "--bare", join(main, "nested.git"));
  mkdirSync(join(scratch, "nowhere"));
  writeFileSync(join(scratch, "nowhere", ".git"), "gitdir: /no/such/folder\n");
  mkdirSync(join(scratch, "outside"));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the common directory without git", () => {
  const plain = [
    "main",
    "main/sub/deep",
    "linked",
    "main-link",
    "main-link/sub",
    "dot-link",
    "separate",
    "main/child",
  ];

  it("answers git's own path on the plain layouts", () => {
    for (const folder of plain) {
      const cwd = join(scratch, folder);
      const said = gitSays(cwd);
      expect(said, folder).not.toBeNull();
      expect(readGitCommonDir(cwd), folder).toBe(said);
    }
    expect(readGitCommonDir(join(scratch, "linked"))).toBe(join(scratch, "main", ".git"));
    expect(readGitCommonDir(join(scratch, "main/child"))).toBe(join(scratch, "main/.git/modules/child"));
  });

  it("leaves to git what only git can tell", () => {
    const cases: Array<[string, NodeJS.ProcessEnv?]> = [
      ["main/empty-dot"],
      ["main/.git"],
      ["main/.git/refs"],
      ["bare.git"],
      ["main/nested.git"],
      ["nowhere"],
      ["outside"],
      ["main", { GIT_DIR: join(scratch, "bare.git") }],
      ["main/sub", { GIT_CEILING_DIRECTORIES: join(scratch, "main") }],
    ];
    for (const [folder, env] of cases) {
      const cwd = join(scratch, folder);
      const saved = { ...process.env };
      Object.assign(process.env, env ?? {});
      try {
        expect(readGitCommonDir(cwd), folder).toBeUndefined();
      } finally {
        for (const name of Object.keys(env ?? {})) if (!(name in saved)) delete process.env[name];
      }
    }
    // Variables that do not move discovery keep the fast answer.
    process.env.GIT_SSL_CAINFO_KEEL_TEST = "x";
    try {
      expect(readGitCommonDir(join(scratch, "main"))).toBe(join(scratch, "main", ".git"));
    } finally {
      delete process.env.GIT_SSL_CAINFO_KEEL_TEST;
    }
    // What git answers there differs from the plain walk: proof that falling back matters.
    expect(gitSays(join(scratch, "main/nested.git"))).toBe(join(scratch, "main/nested.git"));
    expect(gitSays(join(scratch, "main"), { GIT_DIR: join(scratch, "bare.git") })).toBe(
      join(scratch, "bare.git"),
    );
  });

  it.skipIf(process.getuid?.() !== 0)("leaves a repository owned by someone else to git", () => {
    const theirs = initRepo(join(scratch, "theirs"));
    chownSync(theirs, 65534, 65534);
    expect(readGitCommonDir(theirs)).toBeUndefined();
  });
});

describe("project identity", () => {
  it("hashes alike under Bun (the binary) and Node (pi's extension)", () => {
    const text = "git:/home/someone/project/.git";
    const script = `import { sha256Hex } from ${JSON.stringify(join(REPO_ROOT, "src/core/hash.ts"))};
process.stdout.write(sha256Hex(${JSON.stringify(text)}));`;
    const bun = spawnSync(join(BIN_DIR, "bun"), ["-e", script], { encoding: "utf8" });
    expect(bun.status, bun.stderr).toBe(0);
    expect(bun.stdout).toBe(sha256Hex(text));
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("comes out as git's answer makes it, in a worktree and a submodule layout", () => {
    for (const folder of ["main/sub/deep", "linked", "main/child", "separate"]) {
      const cwd = join(scratch, folder);
      const commonDir = gitSays(cwd)!;
      const root = basename(commonDir) === ".git" ? dirname(commonDir) : commonDir;
      const identity = resolveProjectIdentity({ cwd });
      expect(identity, folder).toEqual({
        ok: true,
        value: { id: sha256Hex(`git:${commonDir}`), root, identitySource: "git", name: basename(root) },
      });
    }
  });
});
