// `keel store check`: opens the store (which migrates it) and reports its driver, SQLite, migrations and FTS5.
// The work itself is checkStore in src/store/self-check.ts; this file only parses flags and prints.
import type { Command } from "commander";
import { ExitCode, UserError } from "../core/errors.ts";
import {
  checkStore,
  type DriverName,
  STORE_DRIVERS,
  type StoreReport,
  storeProblems,
} from "../project/store-health.ts";
import { type Register, setExitCode } from "./register.ts";

export const registerStore: Register = (program, contextFor) => {
  const store = program.command("store").description("inspect keel's store");
  store
    .command("check")
    .description(
      "open the store, apply migrations and report driver, SQLite, migrations and FTS5 (exit 1 on failure)",
    )
    .option(
      "--driver <name>",
      `force a driver (${STORE_DRIVERS.join(", ")}) instead of the runtime's default`,
    )
    .action(async (options: { driver?: string }, command: Command) => {
      const ctx = contextFor(command);
      const driver = parseDriver(options.driver);
      const checked = await checkStore(ctx.paths.storeUrl, driver ? { driver } : {});
      if (!checked.ok) {
        throw new UserError(
          `store check failed for ${ctx.paths.storeUrl}: ${checked.reason}`,
          ExitCode.checkFailed,
        );
      }
      const problems = storeProblems(checked.value);
      ctx.out.result(
        { ok: problems.length === 0, ...checked.value, problems },
        describe(checked.value, problems),
      );
      setExitCode(command, problems.length === 0 ? ExitCode.ok : ExitCode.checkFailed);
    });
};

function parseDriver(name: string | undefined): DriverName | undefined {
  if (name === undefined) return undefined;
  if ((STORE_DRIVERS as readonly string[]).includes(name)) return name as DriverName;
  throw new UserError(`unknown driver "${name}"`, ExitCode.usage, `use one of ${STORE_DRIVERS.join(", ")}`);
}

function describe(report: StoreReport, problems: string[]): string[] {
  return [
    `location    ${report.location}`,
    `driver      ${report.driver}`,
    `sqlite      ${report.sqliteVersion}`,
    `migrations  ${report.migrationsApplied} applied / ${report.migrationsEmbedded} embedded`,
    `fts5        ${report.fts5 ? "yes" : "no"}`,
    problems.length === 0 ? "store ok" : `store check FAILED: ${problems.join("; ")}`,
  ];
}
