// Where keel keeps its files: all derived from pi's agent directory unless overridden.
import { join } from "node:path";
import type { EnvFlags } from "./flags.ts";

export interface KeelPaths {
  agentDir: string;
  /** keel's home inside the agent dir: store, extension package, logs. */
  home: string;
  /** The store URL or file path that openStore receives. */
  storeUrl: string;
  /** Spilled tool outputs (content-addressed, one folder per session that wrote them). */
  artifactsDir: string;
  /** Folder holding the written-out pi extension package. */
  extensionDir: string;
  /** pi's default session folder. */
  sessionsDir: string;
  /** The personal contract layer every project inherits. */
  personalContract: string;
}

/** Where spilled tool outputs live for an agent dir (the UI server knows only the agent dir). */
export const artifactsDirOf = (agentDir: string): string => join(agentDir, "keel", "artifacts");

export function resolvePaths(flags: EnvFlags): KeelPaths {
  const home = join(flags.piAgentDir, "keel");
  return {
    agentDir: flags.piAgentDir,
    home,
    storeUrl: flags.storeUrl ?? join(home, "keel.db"),
    artifactsDir: artifactsDirOf(flags.piAgentDir),
    extensionDir: join(home, "pi-extension"),
    sessionsDir: join(flags.piAgentDir, "sessions"),
    personalContract: join(flags.configDir, "keel", "contract.json"),
  };
}
