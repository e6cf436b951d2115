// What a run that failed outside commander's parsing prints and exits with: a user error's message and hint, a
// store fault as one sentence, anything else as "unexpected failure" (its stack with KEEL_DEBUG).
import { readEnvFlags } from "../config/flags.ts";
import { resolvePaths } from "../config/paths.ts";
import { describeError, ExitCode, UserError } from "../core/errors.ts";
import { describeStoreFault } from "../project/open.ts";
import type { Output, Writers } from "./output.ts";

export function reportFailure(error: unknown, out: Output, io: { write: Writers }): number {
  if (error instanceof UserError) {
    out.error(error.message, error.hint);
    return error.exitCode;
  }
  const fault = describeStoreFault(error, resolvePaths(readEnvFlags()).storeUrl);
  if (fault) {
    out.error(fault.message, fault.hint);
    return fault.exitCode;
  }
  out.error(`unexpected failure: ${describeError(error)}`);
  if (readEnvFlags().debug) io.write.err(`${(error as Error)?.stack ?? ""}\n`);
  return ExitCode.usage;
}
