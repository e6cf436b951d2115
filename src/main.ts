// keel's entry point: argv → command. The only place that sets the process exit code.
import { runCli } from "./cli/program.ts";

process.exitCode = await runCli(process.argv.slice(2));
