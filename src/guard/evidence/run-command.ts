// Runs one shell command as evidence: stdin closed, its own process group (killed whole on timeout),
// output captured with bounded memory, exit code and duration measured. Recording it is the caller's job.
import { childProcess } from "../../core/builtins.ts";
import type { Clock } from "../../core/clock.ts";
import { type CapturedOutput, OutputTail } from "./output-tail.ts";

export interface CommandRun {
  command: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  output: CapturedOutput;
}

export interface RunOptions {
  cwd: string;
  timeoutMs: number;
  /** Bytes of redacted output kept for the record (the digest covers all of it). */
  tailBytes?: number;
  clock: Clock;
  shell?: string;
  env?: NodeJS.ProcessEnv;
  /** Called with each chunk of stdout and stderr as it arrives (the CLI shows it live). */
  onOutput?: (chunk: Buffer) => void;
}

export function runEvidenceCommand(command: string, options: RunOptions): Promise<CommandRun> {
  const tail = new OutputTail(options.tailBytes ?? 4096);
  const started = options.clock.now();
  const child = childProcess().spawn(options.shell ?? "/bin/sh", ["-c", command], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const take = (chunk: Buffer) => {
    tail.push(chunk);
    options.onOutput?.(chunk);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      killGroup(child.pid);
      resolve({
        command,
        exitCode: code,
        signal,
        timedOut,
        durationMs: options.clock.now() - started,
        output: tail.finish(),
      });
    });
  });
}

/** Kills the command and everything it started; a group that already ended is not an error. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch (error) {
    if ((error as { code?: string }).code !== "ESRCH") throw error;
  }
}
