// History rewrites: force pushes in every spelling, mirror/prune pushes, filter-branch and filter-repo,
// replace, update-ref -d, reflog expiry and immediate pruning; their read-only and dry-run forms pass.
import { describe } from "vitest";
import { itFlags, itPasses } from "../support/screen-cases.ts";

describe("rewriting git history", () => {
  itFlags([
    ["git push -uf origin topic", "git-push-force"],
    ["git push origin +refs/heads/main:refs/heads/main", "git-push-force"],
    ["git push --force-with-lease origin develop", "git-push-force-protected"],
    ["git push --force-with-lease origin HEAD:release/2.0", "git-push-force-protected"],
    ["git push --mirror git@host:org/repo.git", "git-push-mirror"],
    ["git push --prune origin 'refs/heads/*'", "git-push-prune"],
    ["git filter-branch --msg-filter 'sed s/x/y/' -- --all", "git-filter-branch"],
    ["git filter-branch -f --env-filter 'export GIT_AUTHOR_NAME=x' HEAD", "git-filter-branch"],
    ["git filter-repo --invert-paths --path .env", "git-filter-repo"],
    ["java -jar bfg-1.14.0.jar --strip-blobs-bigger-than 50M", "git-filter-repo"],
    ["git reflog expire --expire-unreachable=now --all", "git-reflog-expire"],
    ["git gc --prune=now", "git-gc-prune-now"],
    ["git update-ref -d refs/remotes/origin/main", "git-update-ref-delete"],
    ["git replace --edit HEAD~3", "git-replace"],
    ["git -C vendor/lib prune", "git-prune"],
  ]);

  itPasses([
    "git push --force-with-lease origin topic",
    "git push --dry-run --force origin main",
    "git filter-repo --analyze",
    "git reflog show --date=iso",
    "git reflog expire --expire=90.days.ago --all",
    "git gc --auto",
    "git replace -l",
    "git update-ref refs/heads/backup HEAD",
    "git prune --dry-run",
    "git worktree prune",
    "git fetch --prune origin",
  ]);
});
