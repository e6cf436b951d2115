// The CLI's entry: `--version` and plain `keel screen` are answered without commander (hosts run keel once per
// tool call); every other argv goes to tree.ts, which loads commander and the one verb the argv names.

import { readEnvFlags } from "../config/flags.ts";
import type { SharedStore } from "../project/open.ts";
import { wantsColour } from "./colour.ts";
import { screenWords } from "./commands.ts";
import { createOutput, type Output, type Writers } from "./output.ts";
import { stdoutIsTerminal, writeAll } from "./std-write.ts";
import { isVersionRequest, printVersion } from "./version.ts";

/** Where a run's output goes and what it may reuse; `keel batch` collects output and shares one open store. */
export interface CliIo {
  write: Writers;
  shared?: SharedStore;
  /** stdout is a terminal: the only case keel colours (batch and tests collect output, never coloured). */
  terminal?: boolean;
}

const STD_IO: CliIo = {
  write: { out: (text) => writeAll(1, text), err: (text) => writeAll(2, text) },
  terminal: stdoutIsTerminal(),
};

/** This run's output channel: JSON with --json, colour on a terminal unless --no-color or NO_COLOR. */
export function outputFor(argv: readonly string[], io: CliIo): Output {
  const { noColor } = readEnvFlags();
  const colour = wantsColour({
    argv,
    noColorEnv: noColor,
    dumbTerminal: false,
    stdoutIsTty: io.terminal === true,
  });
  return createOutput(argv.includes("--json"), io.write, colour);
}

/** Runs the CLI and returns the exit code; never throws. */
export async function runCli(argv: string[], io: CliIo = STD_IO): Promise<number> {
  const out = outputFor(argv, io);
  if (isVersionRequest(argv)) return printVersion(out);
  const words = screenWords(argv);
  if (words) return guarded(out, io, async () => (await import("./screen.ts")).printScreen(words, out));
  return (await import("./tree.ts")).runProgram(argv, io);
}

/** Runs a fast path; a failure is reported as the full parser would report it. */
async function guarded(out: Output, io: CliIo, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    return (await import("./failure.ts")).reportFailure(error, out, io);
  }
}
