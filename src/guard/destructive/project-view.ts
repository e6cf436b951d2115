// The screen's view of the project when the working directory is known (pi, hooks, MCP): which packs the
// team switched off (`"screen": { "packsOff": [...] }` in .keel/contract.json) and a PathJudge that asks
// git about a delete target: ignored output passes, tracked files without changes pass, anything with
// uncommitted or untracked work asks, and paths outside the project ask. Without git, screening stays
// text-only (conservative). Reads files and runs git; opens no store.
import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { readFileBounded } from "../../core/bounded-read.ts";
import { childProcess, nodeOs } from "../../core/builtins.ts";
import { fail, ok, type Result } from "../../core/result.ts";
import type { PathJudge, PathStatus } from "./rules/args.ts";
import type { ScreenOptions } from "./screen.ts";

const GIT_TIMEOUT_MS = 5_000;
const CONTRACT_MAX_BYTES = 1024 * 1024;

export function screenOptionsFor(cwd: string): ScreenOptions {
  const root = gitRoot(cwd);
  const packsOff = packsSwitchedOff(root ?? cwd);
  return root ? { packsOff, paths: gitPathJudge(cwd, root) } : { packsOff };
}

/**
 * The project view for a working directory a host names (MCP's keel_screen `cwd`): only a folder that exists
 * inside the project root (symlinks resolved) is judged with git; anything else is refused, never screened.
 */
export function screenOptionsWithin(cwd: string, root: string): Result<ScreenOptions> {
  const real = realOrUndefined(resolve(root, cwd));
  const realRoot = realOrUndefined(root);
  if (!real || !realRoot || !statSync(real).isDirectory())
    return fail(`cwd is not an existing folder: ${cwd}`);
  const inside = relative(realRoot, real);
  if (inside.startsWith("..") || isAbsolute(inside))
    return fail(`cwd must be inside the project root ${realRoot}`);
  return ok(screenOptionsFor(real));
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined; // a missing folder is reported by the caller as not existing
  }
}

function git(cwd: string, args: string[]): { status: number | null; stdout: string } {
  const run = childProcess().spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    timeout: GIT_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "ignore"],
  });
  return { status: run.status, stdout: run.stdout ?? "" };
}

function gitRoot(cwd: string): string | undefined {
  if (!existsSync(cwd)) return undefined;
  const run = git(cwd, ["rev-parse", "--show-toplevel"]);
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** Pack ids listed under `screen.packsOff` in the team contract; a missing or broken file switches none off. */
export function packsSwitchedOff(root: string): string[] {
  const path = join(root, ".keel", "contract.json");
  if (!existsSync(path)) return [];
  const text = readFileBounded(path, CONTRACT_MAX_BYTES, "team contract file");
  if (!text.ok) return [];
  try {
    const packs = (JSON.parse(text.value) as { screen?: { packsOff?: unknown } })?.screen?.packsOff;
    return Array.isArray(packs) ? packs.filter((pack): pack is string => typeof pack === "string") : [];
  } catch {
    return []; // a broken team contract is reported by the contract commands; the screen stays fully on
  }
}

export function gitPathJudge(cwd: string, root: string): PathJudge {
  return (target) => {
    const path = expand(target, cwd);
    if (path === undefined) return "changed";
    const inside = relative(root, path);
    if (inside === "" || inside === ".git" || inside.startsWith(`.git/`) || !isAbsolute(root))
      return "project";
    if (inside.startsWith("..") || isAbsolute(inside))
      return root.startsWith(`${path}/`) ? "project" : "outside";
    if (!existsSync(path)) return "missing";
    return statusOf(root, inside);
  };
}

/** `~`, `$HOME` and `$PWD` filled in; undefined for paths the line cannot show (other variables, globs). */
function expand(target: string, cwd: string): string | undefined {
  const filled = target
    .replace(/^(~|\$HOME|\$\{HOME\})(?=\/|$)/, nodeOs().homedir())
    .replace(/^(\$PWD|\$\{PWD\})(?=\/|$)/, cwd)
    .replace(/\/\*$/, "");
  if (/[$*?[`]/.test(filled)) return undefined;
  return resolve(cwd, filled);
}

function statusOf(root: string, inside: string): PathStatus {
  if (git(root, ["check-ignore", "-q", "--", inside]).status === 0) return "ignored";
  const status = git(root, ["status", "--porcelain", "--untracked-files=all", "--", inside]);
  if (status.status !== 0) return "changed";
  const lines = status.stdout.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("!!"));
  if (lines.length === 0) return "clean";
  return lines.every((line) => line.startsWith("??")) ? "untracked" : "changed";
}
