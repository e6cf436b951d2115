// Runs pi's package commands for keel: install and remove, always with --approve (see DESIGN.md §6).
import { childProcess } from "../core/builtins.ts";
import { fail, ok, type Result } from "../core/result.ts";
import { quietPiEnv } from "./toolchain.ts";

export interface PiPackageCall {
  piBin: string;
  cwd: string;
  /** User settings instead of the project's `.pi/settings.json`. */
  global: boolean;
  dir: string;
}

export function piInstall(call: PiPackageCall): Result<string> {
  return runPiPackage("install", call);
}

export function piRemove(call: PiPackageCall): Result<string> {
  return runPiPackage("remove", call);
}

function runPiPackage(verb: "install" | "remove", call: PiPackageCall): Result<string> {
  const args = [verb, ...(call.global ? [] : ["-l"]), "--approve", call.dir];
  const run = childProcess().spawnSync(call.piBin, args, {
    cwd: call.cwd,
    encoding: "utf8",
    timeout: 120_000,
    env: quietPiEnv(),
  });
  if (run.error) return fail(`could not run \`${call.piBin}\`: ${run.error.message}`);
  if (run.status !== 0) {
    const said = (run.stderr || run.stdout).trim().split("\n").at(-1) ?? "";
    return fail(`\`pi ${args.join(" ")}\` exited ${run.status}: ${said}`);
  }
  return ok(run.stdout.trim());
}
