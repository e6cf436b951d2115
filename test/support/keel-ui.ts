// Runs `keel ui --json` from source for end-to-end tests: waits for its one JSON line, hands back the URL, and
// stops the server by its own process id (SIGTERM, then SIGKILL) so no test leaves a listener behind.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { BIN_DIR, REPO_ROOT } from "./cli.ts";

export interface RunningUi {
  url: string;
  port: number;
  token: string;
  pid: number | undefined;
  /** What the server printed on stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

export interface StartUiOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Arguments after `ui --json`, e.g. ["--session-dir", dir]. */
  args?: string[];
  timeoutMs?: number;
}

/**
 * Bun takes JSX settings from `$cwd/tsconfig.json` only, so from another folder web/*.tsx would compile against
 * React; `--tsconfig-override` points it at the checkout's config (the compiled binary has no such problem).
 */
const BUN_ARGS = [`--tsconfig-override=${join(REPO_ROOT, "tsconfig.json")}`, join(REPO_ROOT, "src/main.ts")];

export function startKeelUi(options: StartUiOptions): Promise<RunningUi> {
  const child = spawn(join(BIN_DIR, "bun"), [...BUN_ARGS, "ui", "--json", ...(options.args ?? [])], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    if (await settlesWithin(closed, 5_000)) return;
    child.kill("SIGKILL");
    await settlesWithin(closed, 5_000);
  };
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${message}\nstdout: ${stdout}\nstderr: ${stderr}`)));
    };
    const timer = setTimeout(() => fail("keel ui printed no JSON line in time"), options.timeoutMs ?? 30_000);
    child.on("error", (error) => fail(`could not start keel ui: ${error.message}`));
    child.on("exit", (code) => fail(`keel ui exited (${code}) before it was ready`));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      child.removeAllListeners("exit");
      let line: { ok?: boolean; url?: string; port?: number; token?: string; error?: string };
      try {
        line = JSON.parse(stdout.slice(0, newline));
      } catch {
        fail("keel ui's first line is not JSON");
        return;
      }
      if (!line.ok || !line.url) {
        fail(`keel ui failed: ${line.error ?? "no url"}`);
        return;
      }
      clearTimeout(timer);
      resolve({
        url: line.url,
        port: Number(line.port),
        token: String(line.token),
        pid: child.pid,
        stderr: () => stderr,
        stop,
      });
    });
  });
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
