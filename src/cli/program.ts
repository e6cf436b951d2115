// The command tree: one file per verb registers itself here; parsing errors become exit code 2 with usage.
import { Command, CommanderError } from "commander";
import { readEnvFlags } from "../config/flags.ts";
import { resolvePaths } from "../config/paths.ts";
import { describeError, ExitCode, UserError } from "../core/errors.ts";
import { escapeControl } from "../core/terminal-text.ts";
import { KEEL_VERSION } from "../core/version.ts";
import type { SharedStore } from "../project/open.ts";
import { storeFaultError } from "../store/store-errors.ts";
import { registerAudit } from "./audit.ts";
import { registerBatch } from "./batch.ts";
import { registerCompact } from "./compact.ts";
import { createContext } from "./context.ts";
import { registerContract } from "./contract.ts";
import { registerDoctor } from "./doctor.ts";
import { registerExtract } from "./extract.ts";
import { registerInstall, registerUninstall } from "./install.ts";
import { registerJournal } from "./journal.ts";
import { registerLookup } from "./lookup.ts";
import { registerMcp } from "./mcp.ts";
import { registerMemory } from "./memory.ts";
import { registerOrientation } from "./orientation.ts";
import { createOutput, type Writers } from "./output.ts";
import { registerProtect } from "./protect.ts";
import { type ContextFactory, exitCodeOf, type Register } from "./register.ts";
import { registerScreen } from "./screen.ts";
import { registerStatus } from "./status.ts";
import { writeAll } from "./std-write.ts";
import { registerStorage } from "./storage.ts";
import { registerStore } from "./store.ts";
import { registerUi } from "./ui.ts";
import { registerVerify } from "./verify.ts";
import { isVersionRequest, printVersion } from "./version.ts";

const COMMANDS: Register[] = [
  registerInstall,
  registerUninstall,
  registerDoctor,
  registerStatus,
  registerUi,
  registerStore,
  registerStorage,
  registerCompact,
  registerLookup,
  registerProtect,
  registerExtract,
  registerVerify,
  registerJournal,
  registerContract,
  registerAudit,
  registerScreen,
  registerOrientation,
  registerMemory,
  registerMcp,
];

/** Where a run's output goes and what it may reuse; `keel batch` collects output and shares one open store. */
export interface CliIo {
  write: Writers;
  shared?: SharedStore;
}

const STD_IO: CliIo = {
  write: { out: (text) => writeAll(1, text), err: (text) => writeAll(2, text) },
};

/** Runs the CLI and returns the exit code; never throws. */
export async function runCli(argv: string[], io: CliIo = STD_IO): Promise<number> {
  const wantsJson = argv.includes("--json");
  const out = createOutput(wantsJson, io.write);
  if (isVersionRequest(argv)) {
    printVersion(out);
    return ExitCode.ok;
  }
  let exitCode: number = ExitCode.ok;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    return reportFailure(error, out, io);
  }
}

function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command("keel")
    .description("keel keeps a Pi coding agent's context on course across long sessions")
    .version(
      KEEL_VERSION,
      "-v, --version",
      "print keel's version (with --json: commit, build date, Bun, target)",
    )
    .option("--json", "print machine-readable JSON")
    .showHelpAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: io.write.out,
      writeErr: io.write.err,
      outputError: (text, write) => write(commanderError(text)),
    });
  program.command("help [command]", { hidden: true }).action((name?: string) => {
    const target = name ? program.commands.find((c) => c.name() === name) : undefined;
    (target ?? program).outputHelp();
  });
  const contextFor: ContextFactory = (command) => {
    const json = Boolean(command.optsWithGlobals().json);
    return createContext(createOutput(json, io.write), process.cwd(), io.shared);
  };
  for (const register of COMMANDS) register(program, contextFor);
  program.hook("postAction", (_parent, action) => {
    const code = exitCodeOf(action);
    if (code !== undefined) setExit(code);
  });
  registerBatch(program, contextFor, (argv, batchIo) => runCli(argv, batchIo));
  return program;
}

/** A commander parse error: control characters escaped and each line cut, so an echoed argument stays short. */
function commanderError(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : escapeControl(line.length > 400 ? `${line.slice(0, 399)}…` : line)))
    .join("\n");
}

function reportFailure(error: unknown, out: ReturnType<typeof createOutput>, io: CliIo): number {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return ExitCode.ok;
    if (error.code === "commander.help") return ExitCode.ok;
    if (out.json) out.error(error.message.replace(/^error: /, ""));
    return ExitCode.usage;
  }
  if (error instanceof UserError) {
    out.error(error.message, error.hint);
    return error.exitCode;
  }
  const fault = storeFaultError(error, resolvePaths(readEnvFlags()).storeUrl);
  if (fault) {
    out.error(fault.message, fault.hint);
    return fault.exitCode;
  }
  out.error(`unexpected failure: ${describeError(error)}`);
  if (readEnvFlags().debug) io.write.err(`${(error as Error)?.stack ?? ""}\n`);
  return ExitCode.usage;
}
