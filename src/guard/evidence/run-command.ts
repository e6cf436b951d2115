// Runs one shell command as evidence: stdin closed, its own process group (killed whole on timeout, with every
// process it started that /proc shows, also those that left the group), output captured with bounded memory,
// exit code and duration measured. It returns at the timeout even when a stray process holds its output open.
// Recording it is the caller's job.
import { childProcess, nodeCrypto } from "../../core/builtins.ts";
import type { Clock } from "../../core/clock.ts";
import { type CapturedOutput, OutputTail } from "./output-tail.ts";
import { endStrayProcesses, RUN_MARKER, type StrayReport } from "./stray-processes.ts";

/** After the kill, how long the output pipes may stay open before the run returns without them. */
const CLOSE_GRACE_MS = 500;

export interface CommandRun {
  command: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  output: CapturedOutput;
  /** Processes outside the command's group that were killed, and any that escaped. */
  strays: StrayReport;
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
  const marker = nodeCrypto().randomUUID();
  const child = childProcess().spawn(options.shell ?? "/bin/sh", ["-c", command], {
    cwd: options.cwd,
    env: { ...(options.env ?? process.env), [RUN_MARKER]: marker },
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
  let strays: Promise<StrayReport> = Promise.resolve({ killed: 0, escaped: [] });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = async (code: number | null, signal: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup(child.pid);
      const report = timedOut || child.pid === undefined ? await strays : await sweep(child.pid, marker);
      resolve({
        command,
        exitCode: code,
        signal,
        timedOut,
        durationMs: options.clock.now() - started,
        output: tail.finish(),
        strays: report,
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      strays = child.pid === undefined ? strays : sweep(child.pid, marker);
      killGroup(child.pid);
      // A process that left the group may still hold the output pipes: stop waiting for them.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        void finish(child.exitCode, child.signalCode);
      }, CLOSE_GRACE_MS).unref();
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      settled = true;
      reject(error);
    });
    child.on("close", (code, signal) => void finish(code, signal));
  });
}

/** Ends what the run left behind outside its group; the kill of the group itself is killGroup's. */
function sweep(pid: number, marker: string): Promise<StrayReport> {
  return endStrayProcesses(pid, marker);
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
