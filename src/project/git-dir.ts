// git's common directory read from the file system, so resolving a project costs no git process in the usual
// layouts: a working tree with a `.git` folder, or a `.git` file naming its git folder (linked worktrees,
// submodules, --separate-git-dir). Whatever git would decide by more than that answers undefined and the caller
// asks git: a variable that moves discovery (GIT_DIR…), a folder owned by someone else, a folder on the way up
// holding a HEAD (a bare repository, the inside of a git folder), a file-system boundary, a `.git` that is no
// valid repository. test/project/git-dir.test.ts holds it to `git rev-parse --path-format=absolute
// --git-common-dir`.
import { existsSync, readFileSync, realpathSync, type Stats, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The absolute, symlink-free common directory git would name for `cwd`, or undefined when git must tell. */
export function readGitCommonDir(cwd: string): string | undefined {
  if (process.platform === "win32" || Object.keys(process.env).some(movesDiscovery)) return undefined;
  const uid = process.geteuid?.();
  if (uid === undefined) return undefined;
  try {
    return walkUp(cwd, uid);
  } catch {
    return undefined; // a folder on the way that cannot be read (EACCES, ENOTDIR, a loop): git decides
  }
}

/** The variables that change where git finds the repository or which folders it accepts. */
const DISCOVERY_VARIABLES = new Set([
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_OBJECT_DIRECTORY",
]);

function movesDiscovery(name: string): boolean {
  return DISCOVERY_VARIABLES.has(name) || name.startsWith("GIT_TEST_");
}

/** git's discovery: each folder's `.git` first, then the folder itself as a git folder, up to `/`. */
function walkUp(cwd: string, uid: number): string | undefined {
  const start = statOf(cwd);
  if (!start?.isDirectory()) return undefined;
  let dir = realpathSync(cwd);
  for (;;) {
    const here = statOf(dir);
    if (!here || here.dev !== start.dev) return undefined;
    const dotGit = join(dir, ".git");
    const found = statOf(dotGit);
    if (found) return here.uid === uid ? fromDotGit(dotGit, found, uid) : undefined;
    if (statOf(join(dir, "HEAD"))) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function fromDotGit(dotGit: string, found: Stats, uid: number): string | undefined {
  if (found.isDirectory()) return commonDirOf(dotGit, uid);
  if (!found.isFile() || found.uid !== uid || found.size > 4096) return undefined;
  const line = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trimEnd();
  return line ? commonDirOf(resolve(dirname(dotGit), line), uid) : undefined;
}

/**
 * A valid git folder's common directory, real path: the folder itself, or the one its `commondir` file names (a
 * linked worktree's). Valid as git checks it: HEAD in the git folder, objects and refs in the common one.
 */
function commonDirOf(gitDir: string, uid: number): string | undefined {
  if (!statOf(join(gitDir, "HEAD"))?.isFile() || statOf(gitDir)?.uid !== uid) return undefined;
  const pointer = join(gitDir, "commondir");
  const common = existsSync(pointer) ? resolve(gitDir, readFileSync(pointer, "utf8").trim()) : gitDir;
  const valid =
    statOf(join(common, "objects"))?.isDirectory() &&
    statOf(join(common, "refs"))?.isDirectory() &&
    statOf(common)?.uid === uid;
  return valid ? realpathSync(common) : undefined;
}

function statOf(path: string): Stats | undefined {
  return statSync(path, { throwIfNoEntry: false });
}
