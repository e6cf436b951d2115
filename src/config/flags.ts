// The only reader of environment variables: every other module asks here.
import { nodeOs } from "../core/builtins.ts";

export interface EnvFlags {
  /** pi's agent directory (PI_CODING_AGENT_DIR), default ~/.pi/agent. */
  piAgentDir: string;
  /** Explicit store URL or path (KEEL_DB). */
  storeUrl: string | undefined;
  /** Root that names the project outside git (KEEL_PROJECT_ROOT). */
  projectRoot: string | undefined;
  /** Binary to run as pi (KEEL_PI_BIN), default "pi" on PATH. */
  piBin: string;
  /** Binary to check as pi's Node (KEEL_NODE_BIN), default "node" on PATH. */
  nodeBin: string;
  /** The user's config folder (XDG_CONFIG_HOME, default ~/.config): keel's personal layer lives in keel/. */
  configDir: string;
  /** Print stack traces of unexpected failures (KEEL_DEBUG). */
  debug: boolean;
  /** Identical failures on an unchanged tree before the loop brake refuses (KEEL_LOOP_LIMIT, 0 = off). */
  loopLimit: number | undefined;
  /** List the modules a run loaded on stderr at exit (KEEL_TRACE_MODULES; the compiled binary's chunks). */
  traceModules: boolean;
  /** No colour in terminal output (NO_COLOR set and non-empty, or TERM=dumb). */
  noColor: boolean;
}

export function readEnvFlags(env: Record<string, string | undefined> = process.env): EnvFlags {
  const home = env.HOME || nodeOs().homedir();
  return {
    piAgentDir: nonEmpty(env.PI_CODING_AGENT_DIR) ?? `${home}/.pi/agent`,
    storeUrl: nonEmpty(env.KEEL_DB),
    projectRoot: nonEmpty(env.KEEL_PROJECT_ROOT),
    piBin: nonEmpty(env.KEEL_PI_BIN) ?? "pi",
    nodeBin: nonEmpty(env.KEEL_NODE_BIN) ?? "node",
    configDir: nonEmpty(env.XDG_CONFIG_HOME) ?? `${home}/.config`,
    debug: Boolean(nonEmpty(env.KEEL_DEBUG)),
    loopLimit: smallCount(env.KEEL_LOOP_LIMIT),
    traceModules: Boolean(nonEmpty(env.KEEL_TRACE_MODULES)),
    noColor: Boolean(nonEmpty(env.NO_COLOR)) || env.TERM === "dumb",
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value : undefined;
}

/** A whole number from 0 to 100, or undefined when unset or not one (the caller's default applies). */
function smallCount(value: string | undefined): number | undefined {
  const text = nonEmpty(value)?.trim();
  if (text === undefined || !/^\d{1,3}$/.test(text)) return undefined;
  const count = Number(text);
  return count <= 100 ? count : undefined;
}
