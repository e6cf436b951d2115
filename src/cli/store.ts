// `keel store check`: opens the store (which migrates it) and reports its driver, SQLite, migrations, FTS5 and
// integrity; `keel store recover`: copies a damaged store's readable rows into a new file. The work is in
// src/store (self-check.ts, recover.ts) through src/project/store-health.ts; this file parses flags and prints.

import { resolve } from "node:path";
import type { Command } from "commander";
import { ExitCode, UserError } from "../core/errors.ts";
import {
  checkStore,
  type DriverName,
  isRemoteStore,
  type RecoveryReport,
  recoverStore,
  STORE_DRIVERS,
  type StoreReport,
  storeProblems,
} from "../project/store-health.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

export const registerStore: Register = (program, contextFor) => {
  const store = addVerb(program, "store");
  store
    .command("check")
    .description(
      "open the store, apply migrations and report driver, SQLite, migrations, FTS5 and integrity (exit 1 on failure)",
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
  store
    .command("recover")
    .description("copy every row that can still be read from a damaged store into a new store file")
    .argument("<new-file>", "where to write the recovered store (must not exist)")
    .option("--from <file>", "the damaged store (default: keel's store)")
    .action(async (to: string, options: { from?: string }, command: Command) => {
      const ctx = contextFor(command);
      const from = options.from ?? ctx.paths.storeUrl;
      if (isRemoteStore(from)) throw new UserError("recover copies a local store file, not a remote one");
      const recovered = await recoverStore(resolve(ctx.cwd, from), resolve(ctx.cwd, to));
      if (!recovered.ok)
        throw new UserError(`store recover failed: ${recovered.reason}`, ExitCode.checkFailed);
      const report = recovered.value;
      ctx.out.result({ ok: report.integrity === "ok", ...report }, describeRecovery(report));
      setExitCode(command, report.integrity === "ok" ? ExitCode.ok : ExitCode.checkFailed);
    });
};

function describeRecovery(report: RecoveryReport): string[] {
  return [
    ...report.tables.map(
      (t) => `${t.table.padEnd(16)} ${t.copied} copied, ${t.lost} lost${t.note ? ` (${t.note})` : ""}`,
    ),
    `recovered ${report.copied} rows (${report.lost} lost) into ${report.to}; integrity ${report.integrity}`,
    `point KEEL_DB at ${report.to} to use it; ${report.from} is left as it was`,
  ];
}

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
    `integrity   ${report.integrity.length === 0 ? "ok" : report.integrity.join("; ")}`,
    problems.length === 0 ? "store ok" : `store check FAILED: ${problems.join("; ")}`,
  ];
}
