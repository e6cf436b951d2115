// Checks of the tools pi needs before keel touches anything: Node ≥ 22.19 and a runnable `pi`.
import { childProcess } from "../core/builtins.ts";
import { fail, ok, type Result } from "../core/result.ts";

export const MIN_NODE = [22, 19, 0] as const;

export function parseVersion(text: string): [number, number, number] | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

export function versionAtLeast(actual: readonly number[], wanted: readonly number[]): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const a = actual[i] ?? 0;
    const w = wanted[i] ?? 0;
    if (a !== w) return a > w;
  }
  return true;
}

export interface ToolVersion {
  version: string;
}

/** What to do about a missing or old Node: pi runs on the first `node` on the PATH. */
const NODE_FIX =
  "Put Node 22.19 or newer first on your PATH (for example `nvm install 22 && nvm use 22`, or your system's " +
  "nodejs 22 package), or name it with KEEL_NODE_BIN=/path/to/node.";

/** Node must be ≥ 22.19 because pi crashes on older releases. */
export function checkNode(nodeBin: string): Result<ToolVersion> {
  const run = childProcess().spawnSync(nodeBin, ["--version"], { encoding: "utf8", timeout: 10_000 });
  if (run.error || run.status !== 0) {
    return fail(
      `Node.js was not found (tried \`${nodeBin}\`); pi needs Node ≥ ${MIN_NODE.join(".")}. ${NODE_FIX}`,
    );
  }
  const version = run.stdout.trim();
  const parsed = parseVersion(version);
  if (!parsed || !versionAtLeast(parsed, MIN_NODE)) {
    return fail(
      `pi needs Node ≥ ${MIN_NODE.join(".")}, but \`${nodeBin} --version\` printed ${version || "nothing"}. ${NODE_FIX}`,
    );
  }
  return ok({ version });
}

/** `pi --version` must answer; its version is reported by doctor. */
export function checkPi(piBin: string): Result<ToolVersion> {
  const run = childProcess().spawnSync(piBin, ["--version"], {
    encoding: "utf8",
    timeout: 20_000,
    env: quietPiEnv(),
  });
  if (run.error)
    return fail(
      `pi was not found (tried \`${piBin}\`); install it with \`npm install -g @earendil-works/pi-coding-agent\`.`,
    );
  if (run.status !== 0) return fail(`\`${piBin} --version\` failed: ${lastLine(run.stderr || run.stdout)}`);
  return ok({ version: lastLine(run.stdout) });
}

/** Environment for pi subprocesses run by keel: no update checks or telemetry. */
export function quietPiEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" };
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}
