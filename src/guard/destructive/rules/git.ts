// Rules for git: rewriting or deleting shared history (force pushes in every spelling, mirror and pruning
// pushes, filter-branch/filter-repo, replace, update-ref -d, expiring reflogs, pruning unreachable objects)
// and discarding uncommitted work (reset --hard, clean -f, checkout/restore of the whole tree).
import { found, hasFlag, operands, optionValue, type Rule } from "./args.ts";
import { targetRisk } from "./paths.ts";

const GIT_OPTIONS_WITH_VALUE = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);
const PUSH_OPTIONS_WITH_VALUE = new Set(["-o", "--push-option", "--repo", "--receive-pack", "--exec"]);
const PROTECTED =
  /^(refs\/heads\/)?(main|master|trunk|develop|development|prod|production|release|stable)$|^(refs\/heads\/)?release\//;

function gitSubcommand(args: string[]): { sub: string | undefined; rest: string[] } {
  let i = 0;
  while (i < args.length && (args[i] as string).startsWith("-"))
    i += GIT_OPTIONS_WITH_VALUE.has(args[i] as string) ? 2 : 1;
  return { sub: args[i], rest: args.slice(i + 1) };
}

function pushRefspecs(rest: string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (PUSH_OPTIONS_WITH_VALUE.has(arg)) i++;
    else if (!arg.startsWith("-")) words.push(arg);
  }
  return words.slice(1);
}

function push(rest: string[]) {
  if (hasFlag(rest, "n", ["--dry-run"])) return undefined;
  const refspecs = pushRefspecs(rest);
  if (hasFlag(rest, "f", ["--force"]) || refspecs.some((ref) => ref.startsWith("+")))
    return found("git-push-force", "force push rewrites the remote branch (use --force-with-lease)");
  if (rest.includes("--mirror"))
    return found("git-push-mirror", "mirror push overwrites and deletes remote refs");
  if (rest.includes("--prune"))
    return found("git-push-prune", "deletes remote branches that have no local twin");
  if (hasFlag(rest, "d", ["--delete"]) || refspecs.some((ref) => /^:[^:]/.test(ref)))
    return found("git-push-delete", "deletes a remote branch");
  const lease = rest.find((arg) => arg === "--force-with-lease" || arg.startsWith("--force-with-lease="));
  if (lease) {
    const leased = lease.split("=")[1]?.split(":")[0];
    const targets = [...refspecs.map((ref) => ref.split(":").at(-1) ?? ref), ...(leased ? [leased] : [])];
    const branch = targets.find((ref) => PROTECTED.test(ref));
    if (branch)
      return found("git-push-force-protected", `force push (with lease) over the protected branch ${branch}`);
  }
  return undefined;
}

function expiresNow(rest: string[]): boolean {
  const values = [optionValue(rest, ["--expire"]), optionValue(rest, ["--expire-unreachable"])];
  return values.some(
    (value) => value !== undefined && /^(now|all|0|-?\d+\.(seconds?|minutes?)\.ago)$/.test(value),
  );
}

function rewrites(sub: string | undefined, rest: string[]) {
  switch (sub) {
    case "filter-branch":
      return found("git-filter-branch", "rewrites every commit it filters");
    case "filter-repo":
      return rest.includes("--analyze") || rest.includes("--dry-run")
        ? undefined
        : found("git-filter-repo", "rewrites the repository history");
    case "replace":
      return rest.length === 0 || hasFlag(rest, "l", ["--list"])
        ? undefined
        : found("git-replace", "replaces objects, so history reads differently");
    case "update-ref":
      return hasFlag(rest, "d")
        ? found("git-update-ref-delete", "deletes a ref without any safety check")
        : undefined;
    case "reflog":
      if (hasFlag(rest, "n", ["--dry-run"])) return undefined;
      if (rest[0] === "delete") return found("git-reflog-delete", "deletes reflog entries");
      return rest[0] === "expire" && expiresNow(rest)
        ? found("git-reflog-expire", "expires the reflog now, so lost commits cannot be found again")
        : undefined;
    case "gc":
      return /^--prune=(now|all)$/.test(rest.find((arg) => arg.startsWith("--prune=")) ?? "")
        ? found("git-gc-prune-now", "prunes every unreachable object now")
        : undefined;
    case "prune":
      return hasFlag(rest, "n", ["--dry-run"])
        ? undefined
        : found("git-prune", "deletes unreachable objects");
    default:
      return undefined;
  }
}

/** `git checkout -- f`, `git checkout HEAD~2 -- f`, `git checkout -f`: the named files lose their changes. */
function checkout(rest: string[], ops: string[]) {
  if (hasFlag(rest, "f", ["--force"]) || ops.some((path) => [".", "*", ":/", "./"].includes(path)))
    return found("git-discard-changes", "discards uncommitted changes in the working tree");
  if (hasFlag(rest, "b") || hasFlag(rest, "B", ["--orphan"]) || hasFlag(rest, "p", ["--patch"]))
    return undefined;
  return rest.includes("--")
    ? found("git-discard-files", "overwrites the named files with a committed version, losing their changes")
    : undefined;
}

function discards(sub: string | undefined, rest: string[]) {
  const ops = operands(rest);
  switch (sub) {
    case "reset":
      return rest.includes("--hard") ? found("git-reset-hard", "discards uncommitted work") : undefined;
    case "clean":
      return hasFlag(rest, "f", ["--force"]) && !hasFlag(rest, "n", ["--dry-run"])
        ? found("git-clean-force", "deletes untracked files")
        : undefined;
    case "checkout":
      return checkout(rest, ops);
    case "restore":
      if (hasFlag(rest, "S", ["--staged"]) && !hasFlag(rest, "W", ["--worktree"])) return undefined;
      return ops.length > 0 && !hasFlag(rest, "p", ["--patch"])
        ? found(
            "git-discard-files",
            "overwrites the named files with a committed version, losing their changes",
          )
        : undefined;
    case "switch":
      return hasFlag(rest, "f", ["--force", "--discard-changes"]) || hasFlag(rest, "C", ["--force-create"])
        ? found("git-discard-changes", "switches branch by throwing away uncommitted changes")
        : undefined;
    case "worktree":
      return rest[0] === "remove" && hasFlag(rest, "f", ["--force"])
        ? found("git-worktree-force-remove", "removes a worktree with its uncommitted changes")
        : undefined;
    case "submodule":
      return rest.includes("deinit") && hasFlag(rest, "f", ["--force"])
        ? found("git-discard-changes", "removes submodule working trees with their local changes")
        : undefined;
    case "rm":
      if (hasFlag(rest, "n", ["--dry-run", "--cached"])) return undefined;
      if (hasFlag(rest, "r") && ops.some((path) => targetRisk(path)))
        return found("git-rm-tree", "deletes the whole tree from disk and index");
      return hasFlag(rest, "f", ["--force"])
        ? found("git-rm-force", "deletes files from disk even when they have uncommitted changes")
        : undefined;
    case "branch":
      if (hasFlag(rest, "M") || (rest.includes("--move") && hasFlag(rest, "f", ["--force"])))
        return found("git-branch-force-delete", "renames over an existing branch, which loses it");
      return hasFlag(rest, "D") || (hasFlag(rest, "d", ["--delete"]) && hasFlag(rest, "f", ["--force"]))
        ? found("git-branch-force-delete", "deletes a branch even when unmerged")
        : undefined;
    case "stash":
      return rest[0] === "drop" || rest[0] === "clear"
        ? found("git-stash-drop", "drops stashed work")
        : undefined;
    default:
      return undefined;
  }
}

const git: Rule = ([name, ...args]) => {
  const bfgJar = name === "java" && args.some((arg) => /(^|\/)bfg[^/]*\.jar$/.test(arg));
  if (name === "git-filter-repo" || name === "bfg" || bfgJar)
    return found("git-filter-repo", "rewrites the repository history");
  if (name !== "git") return undefined;
  const { sub, rest } = gitSubcommand(args);
  if (sub === "push") return push(rest);
  return rewrites(sub, rest) ?? discards(sub, rest);
};

export const GIT_RULES: Rule[] = [git];
