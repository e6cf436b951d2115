// Runs keel's CLI from source under Bun, as a user would, in a given folder with a given environment.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export const REPO_ROOT = join(import.meta.dirname, "..", "..");
export const BIN_DIR = join(REPO_ROOT, "node_modules", ".bin");

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** An environment for keel and pi that never touches the user's real pi folder. */
export function isolatedEnv(agentDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${BIN_DIR}:${process.env.PATH ?? ""}`,
    PI_CODING_AGENT_DIR: agentDir,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
    ...extra,
  };
  for (const name of ["KEEL_DB", "KEEL_PROJECT_ROOT", "KEEL_PI_BIN", "KEEL_NODE_BIN"]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

export function runKeel(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): CliRun {
  const run = spawnSync(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), ...args], {
    cwd: options.cwd,
    env: options.env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The machine's Node outside node_modules (Node 20 here), to test the "old Node" message. */
export function systemNodeBin(): string {
  const dirs = (process.env.PATH ?? "").split(":").filter((d) => d && !d.includes("node_modules"));
  for (const candidate of [...dirs.map((d) => join(d, "node")), "/usr/bin/node"]) {
    const run = spawnSync(candidate, ["--version"], { encoding: "utf8" });
    if (run.status === 0) return candidate;
  }
  throw new Error("no system node found outside node_modules");
}
