// Drives a real `pi --mode rpc` subprocess for end-to-end tests: strict LF framing, id-correlated commands,
// every event kept, run settlement awaited by event, and a shutdown that always ends the process.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type {
  CompactionResult,
  RpcExtensionUIRequest,
  RpcSessionState,
  SessionEntry,
  SessionHeader,
} from "@earendil-works/pi-coding-agent";
import { BIN_DIR } from "./cli.ts";

export const FAUX_EXTENSION = join(import.meta.dirname, "faux-provider.mjs");

/** One stdout record: a response, a session event or an extension UI request. */
export type RpcRecord = { type: string; id?: string; [key: string]: unknown };

export interface RpcCommandResponse {
  id?: string;
  type: "response";
  command: string;
  success: boolean;
  data?: unknown;
  error?: string;
}

export interface Notification {
  message: string;
  notifyType: "info" | "warning" | "error";
}

/** A dialog request (select, confirm, input, editor) and the reply the test wants to send. */
export type DialogRequest = Extract<
  RpcExtensionUIRequest,
  { method: "select" | "confirm" | "input" | "editor" }
>;
export type DialogReply = { value: string } | { confirmed: boolean } | { cancelled: true };

export interface StartPiOptions {
  /** The project folder pi runs in. */
  cwd: string;
  /** The complete environment for pi (PI_CODING_AGENT_DIR, PI_OFFLINE, KEEL_DB, …). */
  env: Record<string, string | undefined>;
  sessionDir: string;
  /** The pi executable; default node_modules/.bin/pi (the pinned release). */
  piBin?: string;
  /** More pi arguments, e.g. ["--session", file] to resume. */
  extraArgs?: string[];
  /** Answers extension dialogs; by default every dialog is cancelled so pi never waits on the test. */
  onDialog?: (request: DialogRequest) => DialogReply;
  /** Default deadline of one command's response (ms). */
  commandTimeoutMs?: number;
  /** Default deadline of one run until agent_settled (ms). */
  runTimeoutMs?: number;
}

export interface PromptResult {
  disposition: "started" | "queued" | "handled";
  /** Every record pi printed between sending the prompt and the end of the run (or the response). */
  records: RpcRecord[];
  notifications: Notification[];
  /** Text of the last assistant message of the run, if one ended. */
  assistantText: string | undefined;
}

export interface CloseResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when pi had to be signalled because it did not exit after stdin closed. */
  forced: boolean;
}

export type SessionFileLine = SessionHeader | SessionEntry;

interface Waiter {
  after: number;
  match: (record: RpcRecord) => boolean;
  resolve: (record: RpcRecord) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Starts pi in RPC mode with the faux provider and waits until it answers get_state. */
/** pi's arguments for a headless run on the faux model with the project trusted and no network. */
export function fauxPiArgs(mode: "rpc" | "json"): string[] {
  return [
    "--mode",
    mode,
    "--approve",
    "--offline",
    "-e",
    FAUX_EXTENSION,
    "--provider",
    "faux",
    "--model",
    "faux-1",
  ];
}

export async function startPi(options: StartPiOptions): Promise<PiRpc> {
  const pi = new PiRpc(options);
  try {
    await pi.getState(options.commandTimeoutMs ?? 30_000);
  } catch (error) {
    await pi.close();
    throw error;
  }
  return pi;
}

export class PiRpc {
  readonly records: RpcRecord[] = [];
  /** stdout lines that were not JSON (pi reserves stdout for the protocol, so this should stay empty). */
  readonly stdoutNoise: string[] = [];
  private readonly child: ChildProcess;
  private readonly options: StartPiOptions;
  private readonly waiters = new Set<Waiter>();
  private readonly exited: Promise<CloseResult>;
  private stdoutBuffer = "";
  private stderrText = "";
  private nextId = 1;
  private exit: CloseResult | undefined;
  private lastSessionFile: string | undefined;

  constructor(options: StartPiOptions) {
    this.options = options;
    const args = [...fauxPiArgs("rpc"), "--session-dir", options.sessionDir, ...(options.extraArgs ?? [])];
    const env = { ...options.env, PATH: `${BIN_DIR}:${options.env.PATH ?? process.env.PATH ?? ""}` };
    this.child = spawn(options.piBin ?? join(BIN_DIR, "pi"), args, {
      cwd: options.cwd,
      env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    this.child.stdout?.setEncoding("utf8");
    this.child.stderr?.setEncoding("utf8");
    this.child.stdout?.on("data", (chunk: string) => this.onStdout(chunk));
    this.child.stderr?.on("data", (chunk: string) => {
      this.stderrText += chunk;
    });
    this.child.stdin?.on("error", () => {
      // pi closed its stdin (it exited); the exit handler reports that to every waiter.
    });
    this.exited = new Promise((resolve) => {
      this.child.on("error", (error) => {
        this.stderrText += `\n[spawn error] ${error.message}`;
        this.onExit({ code: null, signal: null, forced: false }, resolve);
      });
      // "close", not "exit": records pi printed while shutting down are read before waiters are failed.
      this.child.on("close", (code, signal) => this.onExit({ code, signal, forced: false }, resolve));
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  /** pi's stderr so far. */
  stderr(): string {
    return this.stderrText;
  }

  /** Every notify request any extension made, in order. */
  notifications(from = 0): Notification[] {
    return notificationsIn(this.records.slice(from));
  }

  eventsOfType(type: string): RpcRecord[] {
    return this.records.filter((record) => record.type === type);
  }

  /** Sends one command and resolves with its response (success or not). */
  async send(command: Record<string, unknown>, timeoutMs?: number): Promise<RpcCommandResponse> {
    const id = `t${this.nextId++}`;
    const after = this.records.length;
    this.write({ ...command, id });
    const response = await this.waitFor((record) => record.type === "response" && record.id === id, {
      after,
      timeoutMs: timeoutMs ?? this.options.commandTimeoutMs ?? 30_000,
      what: `response to ${String(command.type)}`,
    });
    return response as unknown as RpcCommandResponse;
  }

  /** Resolves with the first record after index `after` (default: from now) that matches. */
  waitFor(
    match: (record: RpcRecord) => boolean,
    options: { after?: number; timeoutMs?: number; what?: string } = {},
  ): Promise<RpcRecord> {
    const after = options.after ?? this.records.length;
    const seen = this.records.slice(after).find(match);
    if (seen) return Promise.resolve(seen);
    if (this.exit)
      return Promise.reject(this.failure(`pi exited before ${options.what ?? "the awaited record"}`));
    const timeoutMs = options.timeoutMs ?? this.options.runTimeoutMs ?? 45_000;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        after,
        match,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(this.failure(`timed out after ${timeoutMs} ms waiting for ${options.what ?? "a record"}`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Sends a prompt; when a run starts (or is queued), waits for its agent_settled. */
  async prompt(message: string, options: { timeoutMs?: number } = {}): Promise<PromptResult> {
    const from = this.records.length;
    const response = await this.send({ type: "prompt", message });
    if (!response.success) throw this.failure(`prompt was rejected: ${response.error ?? "no reason"}`);
    const disposition =
      (response.data as { disposition?: PromptResult["disposition"] } | undefined)?.disposition ??
      // pi 0.87 answers without a disposition, after running an extension command and before starting a run.
      (message.startsWith("/") ? "handled" : "started");
    if (disposition !== "handled") {
      await this.waitFor((record) => record.type === "agent_settled", {
        after: from,
        timeoutMs: options.timeoutMs,
        what: `agent_settled after prompt ${JSON.stringify(message.slice(0, 60))}`,
      });
    }
    const records = this.records.slice(from);
    return {
      disposition,
      records,
      notifications: notificationsIn(records),
      assistantText: lastAssistantText(records),
    };
  }

  /** Runs a slash command (sent as a prompt) and returns what it printed through ctx.ui.notify. */
  async command(text: string, options: { timeoutMs?: number } = {}): Promise<PromptResult> {
    if (!text.startsWith("/")) throw new Error(`a command starts with "/": ${text}`);
    return this.prompt(text, options);
  }

  /** RPC `compact`; resolves with pi's compaction result, throws with pi's error when it failed. */
  async compact(customInstructions?: string, timeoutMs = 45_000): Promise<CompactionResult> {
    const response = await this.send(
      { type: "compact", ...(customInstructions ? { customInstructions } : {}) },
      timeoutMs,
    );
    if (!response.success) throw this.failure(`compact failed: ${response.error ?? "no reason"}`);
    return response.data as CompactionResult;
  }

  async getState(timeoutMs?: number): Promise<RpcSessionState> {
    const response = await this.send({ type: "get_state" }, timeoutMs);
    if (!response.success) throw this.failure(`get_state failed: ${response.error ?? "no reason"}`);
    const state = response.data as RpcSessionState;
    if (state.sessionFile) this.lastSessionFile = state.sessionFile;
    return state;
  }

  /** The session file pi reported last (kept after pi exits). */
  get sessionFile(): string | undefined {
    return this.lastSessionFile;
  }

  /** Parses the session JSONL (header first); asks pi for the current file while it runs. */
  async readSessionEntries(): Promise<SessionFileLine[]> {
    if (this.running) await this.getState();
    if (!this.lastSessionFile) throw this.failure("pi reported no session file");
    return readSessionFile(this.lastSessionFile);
  }

  /** Closes stdin so pi shuts down in order (session_shutdown fires); signals it only when it hangs. */
  async close(timeoutMs = 15_000): Promise<CloseResult> {
    if (this.exit) return this.exit;
    this.child.stdin?.end();
    const graceful = await this.exitWithin(timeoutMs);
    if (graceful) return graceful;
    this.signal("SIGTERM");
    const terminated = await this.exitWithin(5_000);
    if (terminated) return { ...terminated, forced: true };
    this.signal("SIGKILL");
    const killed = (await this.exitWithin(5_000)) ?? { code: null, signal: "SIGKILL", forced: true };
    return { ...killed, forced: true };
  }

  private async exitWithin(ms: number): Promise<CloseResult | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Signals pi's whole process group (pi was started detached as its leader). */
  private signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined || this.exit) return;
    try {
      process.kill(-pid, signal);
    } catch (error) {
      if ((error as { code?: string }).code !== "ESRCH") throw error;
    }
  }

  private write(command: Record<string, unknown>): void {
    if (this.exit) throw this.failure(`pi has exited; cannot send ${String(command.type)}`);
    this.child.stdin?.write(`${JSON.stringify(command)}\n`);
  }

  private onStdout(chunk: string): void {
    this.stdoutBuffer += chunk;
    let newline = this.stdoutBuffer.indexOf("\n");
    while (newline >= 0) {
      const line = this.stdoutBuffer.slice(0, newline).replace(/\r$/, "");
      this.stdoutBuffer = this.stdoutBuffer.slice(newline + 1);
      if (line.trim() !== "") this.onLine(line);
      newline = this.stdoutBuffer.indexOf("\n");
    }
  }

  private onLine(line: string): void {
    let record: RpcRecord;
    try {
      record = JSON.parse(line) as RpcRecord;
    } catch {
      this.stdoutNoise.push(line);
      return;
    }
    const index = this.records.length;
    this.records.push(record);
    if (record.type === "extension_ui_request") this.answerDialog(record);
    for (const waiter of [...this.waiters]) {
      if (index >= waiter.after && waiter.match(record)) {
        this.waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(record);
      }
    }
  }

  private answerDialog(record: RpcRecord): void {
    const method = record.method;
    if (method !== "select" && method !== "confirm" && method !== "input" && method !== "editor") return;
    const reply = this.options.onDialog?.(record as unknown as DialogRequest) ?? { cancelled: true };
    if (!this.exit) this.write({ type: "extension_ui_response", id: record.id, ...reply });
  }

  private onExit(result: CloseResult, resolve: (result: CloseResult) => void): void {
    if (this.exit) return;
    this.exit = result;
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(this.failure(`pi exited (code ${result.code}, signal ${result.signal})`));
    }
    this.waiters.clear();
    resolve(result);
  }

  /** An error that carries what a failing test needs: the last records and pi's stderr. */
  private failure(message: string): Error {
    const tail = this.records
      .slice(-8)
      .map((record) => JSON.stringify(record).slice(0, 300))
      .join("\n  ");
    const stderr = this.stderrText.trim().split("\n").slice(-20).join("\n  ");
    return new Error(
      `${message}\nlast records:\n  ${tail || "(none)"}\npi stderr:\n  ${stderr || "(empty)"}`,
    );
  }
}

export function readSessionFile(file: string): SessionFileLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SessionFileLine);
}

function notificationsIn(records: RpcRecord[]): Notification[] {
  return records
    .filter((record) => record.type === "extension_ui_request" && record.method === "notify")
    .map((record) => ({
      message: String(record.message),
      notifyType: (record.notifyType as Notification["notifyType"] | undefined) ?? "info",
    }));
}

function lastAssistantText(records: RpcRecord[]): string | undefined {
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i];
    const message = record?.message as { role?: string; content?: unknown } | undefined;
    if (record?.type !== "message_end" || message?.role !== "assistant") continue;
    if (!Array.isArray(message.content)) return undefined;
    return message.content
      .filter((block: { type?: string }) => block.type === "text")
      .map((block: { text?: string }) => block.text ?? "")
      .join("\n");
  }
  return undefined;
}
