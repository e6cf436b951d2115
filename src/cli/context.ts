// What every command receives: resolved paths, env flags, the output channel and the clock.

import { type EnvFlags, readEnvFlags } from "../config/flags.ts";
import { type KeelPaths, resolvePaths } from "../config/paths.ts";
import { type Clock, systemClock } from "../core/clock.ts";
import type { SharedStore } from "../project/open.ts";
import type { Output } from "./output.ts";

export interface CommandContext {
  cwd: string;
  flags: EnvFlags;
  paths: KeelPaths;
  clock: Clock;
  out: Output;
  /** A store the caller keeps open for many commands (`keel batch`); commands use it instead of opening one. */
  shared?: SharedStore;
}

export function createContext(out: Output, cwd = process.cwd(), shared?: SharedStore): CommandContext {
  const flags = readEnvFlags();
  return { cwd, flags, paths: resolvePaths(flags), clock: systemClock, out, shared };
}
