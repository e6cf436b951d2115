// Where a write comes from: the session id the surface knows, the worktree and its git HEAD (read with git).
import { childProcess } from "../core/builtins.ts";
import type { Provenance } from "./model.ts";

/** The commit checked out in `cwd`, or null outside git or without a commit. */
export function gitHead(cwd: string): string | null {
  try {
    const out = childProcess()
      .execFileSync("git", ["rev-parse", "--verify", "--quiet", "HEAD"], {
        cwd,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        timeout: 5_000,
      })
      .trim();
    return /^[0-9a-f]{40,64}$/.test(out) ? out : null;
  } catch (error) {
    const failure = error as { status?: number | null; code?: string };
    if (typeof failure.status === "number" || failure.code === "ENOENT") return null;
    throw error;
  }
}

export function currentProvenance(cwd: string, sessionId: string | null): Provenance {
  return { sessionId, head: gitHead(cwd), worktree: cwd };
}
