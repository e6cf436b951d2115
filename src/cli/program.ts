// The CLI's entry: `--version` and the plain forms of `keel screen`, `keel status` and `keel memory search` are
// answered without commander (hosts run keel once per tool call); every other argv goes to tree.ts, which loads
// commander and the one verb the argv names.

import { readEnvFlags } from "../config/flags.ts";
import { ExitCode } from "../core/errors.ts";
import type { SharedStore } from "../project/open.ts";
import { wantsColour } from "./colour.ts";
import { type HotVerb, hotVerb } from "./commands.ts";
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
  const hot = hotVerb(argv);
  if (hot) return guarded(out, io, () => runHotVerb(hot, out, io));
  return (await import("./tree.ts")).runProgram(argv, io);
}

/** Runs a hot verb as its commander action would, loading only that verb's module. */
async function runHotVerb(hot: HotVerb, out: Output, io: CliIo): Promise<number> {
  if (hot.verb === "screen") return (await import("./screen.ts")).printScreen(hot.words, out);
  const ctx = (await import("./context.ts")).createContext(out, process.cwd(), io.shared);
  if (hot.verb === "status") {
    const { printStatus, STATUS_LIMIT_DEFAULT } = await import("./status.ts");
    await printStatus(ctx, STATUS_LIMIT_DEFAULT);
  } else {
    const { printMemorySearch, SEARCH_LIMIT_DEFAULT } = await import("./memory-scope.ts");
    await printMemorySearch(ctx, hot.words, { limit: SEARCH_LIMIT_DEFAULT });
  }
  return ExitCode.ok;
}

/** Runs a fast path; a failure is reported as the full parser would report it. */
async function guarded(out: Output, io: CliIo, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    return (await import("./failure.ts")).reportFailure(error, out, io);
  }
}
