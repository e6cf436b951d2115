// A throw-away pi world for end-to-end tests: agent dir, git project, sessions dir and store in one temp folder,
// with keel installed by the real `keel install` command. Nothing here touches the user's ~/.pi.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN_DIR, type CliRun, REPO_ROOT, runKeel } from "./cli.ts";
import { initRepo } from "./git-repo.ts";
import { type RunningUi, startKeelUi } from "./keel-ui.ts";
import { type PiRpc, type StartPiOptions, startPi } from "./pi-rpc.ts";

/** Project settings every e2e project starts with: a tiny keep window so compaction has something to cut. */
export const DEFAULT_PROJECT_SETTINGS = { compaction: { keepRecentTokens: 40 } };

export interface TempProjectOptions {
  /** Folder name of the project (it becomes keel's project name). */
  name?: string;
  /** `.pi/settings.json` written before `keel install` (pi install keeps these keys). */
  settings?: Record<string, unknown>;
  /** KEEL_DB for every process; default `<root>/keel.db`. */
  keelDb?: string;
  /** A pi executable other than the pinned one (KEEL_PI_BIN for keel, and what startPi runs). */
  piBin?: string;
  /** Run `keel install` right away (default true). */
  install?: boolean;
}

export interface FauxRule {
  on?: "user" | "toolResult" | "summary" | "any";
  match?: string;
  flags?: string;
  /** Regex the request's system prompt must also match. */
  system?: string;
  reply?: string;
  /** Thinking text the assistant message starts with. */
  thinking?: string;
  /** Answer only after this many milliseconds (a slow or late model). */
  delayMs?: number;
  toolCalls?: { name: string; arguments?: Record<string, unknown> }[];
  error?: string;
  times?: number;
}

export interface FauxScript {
  rules?: FauxRule[];
  summary?: string;
}

/** One model request as the faux provider logged it. */
export interface FauxRequest {
  /** 1, 2, … per pi process. */
  seq: number;
  /** The pi process that made the request (PiRpc.pid). */
  pid: number;
  at: number;
  kind: "summary" | "chat";
  variant: "initial" | "update" | "turn-prefix" | "branch" | null;
  messages: number;
  inputChars: number;
  inputTokens: number;
  lastRole: string | null;
  lastText: string;
  /** Text of the very last message sent, including context an extension appended after the prompt. */
  tailText: string;
  /** Heads (60 characters) of the last three messages sent, oldest first. */
  tailHeads: string[];
  systemHead: string;
  /** Full texts of the context keel injected into this request (the guard brief among them). */
  injected: string[];
  rule: number | null;
  stopReason: string;
  reply: string;
  /** The tools declared to the model (with KEEL_FAUX_LOG_TOOLS set). */
  tools?: { name: string; description: string; parameters: unknown }[];
}

export interface TempProject {
  root: string;
  /** PI_CODING_AGENT_DIR */
  agentDir: string;
  projectDir: string;
  sessionsDir: string;
  keelDb: string;
  fauxLog: string;
  fauxScript: string;
  /** The environment every pi and keel process of this project gets. */
  env: Record<string, string | undefined>;
  /** Runs the keel CLI from source (`bun src/main.ts …`) in the project. */
  keel(args: string[], options?: { env?: Record<string, string | undefined> }): CliRun;
  /** `keel install` exactly as a user runs it; throws unless it exits 0. */
  install(): CliRun;
  startPi(options?: Partial<StartPiOptions>): Promise<PiRpc>;
  /** `keel ui --json --session-dir <sessionsDir> …args` in the project; always `stop()` it. */
  startUi(args?: string[]): Promise<RunningUi>;
  writeFauxScript(script: FauxScript): void;
  fauxRequests(): FauxRequest[];
  projectSettings(): Record<string, unknown>;
  cleanup(): void;
}

export function createTempProject(options: TempProjectOptions = {}): TempProject {
  ensureExtensionBundle();
  const root = realpathSync(mkdtempSync(join(tmpdir(), "keel-e2e-")));
  const agentDir = join(root, "agent");
  const projectDir = join(root, options.name ?? "demo-project");
  const sessionsDir = join(root, "sessions");
  const home = join(root, "home");
  for (const dir of [agentDir, projectDir, sessionsDir, home]) mkdirSync(dir, { recursive: true });
  initRepo(projectDir, null);
  mkdirSync(join(projectDir, ".pi"), { recursive: true });
  const settingsFile = join(projectDir, ".pi", "settings.json");
  writeFileSync(settingsFile, `${JSON.stringify(options.settings ?? DEFAULT_PROJECT_SETTINGS, null, 2)}\n`);

  const keelDb = options.keelDb ?? join(root, "keel.db");
  const fauxLog = join(root, "faux-requests.jsonl");
  const fauxScript = join(root, "faux-script.json");
  const env = isolatedEnv({
    HOME: home,
    PI_CODING_AGENT_DIR: agentDir,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
    KEEL_DB: keelDb,
    KEEL_FAUX_LOG: fauxLog,
    KEEL_FAUX_SCRIPT: fauxScript,
    ...(options.piBin ? { KEEL_PI_BIN: options.piBin } : {}),
  });

  const keel: TempProject["keel"] = (args, runOptions = {}) =>
    runKeel(args, { cwd: projectDir, env: { ...env, ...runOptions.env } });

  const project: TempProject = {
    root,
    agentDir,
    projectDir,
    sessionsDir,
    keelDb,
    fauxLog,
    fauxScript,
    env,
    keel,
    install() {
      const run = keel(["install"]);
      if (run.status !== 0) {
        throw new Error(`keel install exited ${run.status}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
      }
      return run;
    },
    startPi: (piOptions = {}) =>
      startPi({ cwd: projectDir, env, sessionDir: sessionsDir, piBin: options.piBin, ...piOptions }),
    startUi: (args = []) =>
      startKeelUi({ cwd: projectDir, env, args: ["--session-dir", sessionsDir, ...args] }),
    writeFauxScript: (script) => writeFileSync(fauxScript, JSON.stringify(script, null, 2)),
    fauxRequests: () =>
      existsSync(fauxLog)
        ? readFileSync(fauxLog, "utf8")
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => JSON.parse(line) as FauxRequest)
        : [],
    projectSettings: () => JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>,
    cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 3 }),
  };
  if (options.install ?? true) {
    try {
      project.install();
    } catch (error) {
      project.cleanup();
      throw error;
    }
  }
  return project;
}

/** The parent's environment minus anything that could point a child at real pi or keel state. */
function isolatedEnv(overrides: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(PI_|KEEL_|XDG_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, PATH: `${BIN_DIR}:${process.env.PATH ?? ""}`, ...overrides };
}

const BUNDLE = join(REPO_ROOT, "dist/extension/index.js");
const LOCK = join(REPO_ROOT, "dist/.extension-build.lock");
let bundleChecked = false;

/**
 * `keel install` from source reads dist/extension/index.js, so the e2e tests rebuild it when extension/ or src/
 * changed since. A lock folder keeps parallel test workers from reading a half-written bundle.
 */
export function ensureExtensionBundle(): void {
  if (bundleChecked) return;
  const deadline = Date.now() + 60_000;
  while (!bundleIsFresh()) {
    if (tryLock()) {
      try {
        if (!bundleIsFresh()) buildBundle();
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${LOCK}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  bundleChecked = true;
}

function buildBundle(): void {
  const run = spawnSync(join(BIN_DIR, "node"), [join(REPO_ROOT, "scripts/build-extension.ts")], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`building the extension failed:\n${run.stderr}${run.stdout}`);
}

function tryLock(): boolean {
  mkdirSync(join(REPO_ROOT, "dist"), { recursive: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    if (Date.now() - statSync(LOCK).mtimeMs > 30_000) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

function bundleIsFresh(): boolean {
  // The part-of-speech model is built beside the bundle (scripts/build-extension.ts) and written with it.
  const posModel = join(REPO_ROOT, "dist/.build/wink-pos.cjs");
  if (!existsSync(BUNDLE) || !existsSync(posModel) || existsSync(LOCK)) return false;
  const built = statSync(BUNDLE).mtimeMs;
  return newestSource([join(REPO_ROOT, "extension"), join(REPO_ROOT, "src")]) <= built;
}

function newestSource(dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, mtimeOf(join(entry.parentPath, entry.name)));
    }
  }
  return newest;
}

/** A file another engineer deletes while we scan counts as old. */
function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return 0;
    throw error;
  }
}
