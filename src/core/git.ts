// The one way keel asks git something: run it without a shell, no stdin, bounded output, text back.
// `gitText` throws on failure (broken I/O for callers that need git); `tryGit` returns null instead.
import { childProcess } from "./builtins.ts";

export function gitText(cwd: string, args: string[]): string {
  return childProcess()
    .execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 << 20,
    })
    .trim();
}

/** git's answer, or null when git is missing, the folder is no repository, or the command fails. */
export function tryGit(cwd: string, args: string[]): string | null {
  try {
    return gitText(cwd, args);
  } catch {
    return null;
  }
}
