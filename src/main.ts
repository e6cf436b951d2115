// keel's entry point: argv → command. The only place that sets the process exit code.
import { runCli } from "./cli/program.ts";
import { readEnvFlags } from "./config/flags.ts";

process.exitCode = await runCli(process.argv.slice(2));
// Which modules this run loaded (Bun lists the binary's lazily loaded chunks), for test/binary/lazy-load.test.ts.
if (readEnvFlags().traceModules && typeof require !== "undefined") {
  for (const name of Object.keys(require.cache)) process.stderr.write(`keel: loaded ${name}\n`);
}
