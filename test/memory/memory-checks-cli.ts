// Runs the memory checks in this process's runtime and prints the results as JSON (used to test bun:sqlite):
// `bun test/memory/memory-checks-cli.ts <driver> <dir>`.
import type { DriverName } from "../../src/store/db.ts";
import { runMemoryChecks } from "./memory-checks.ts";

const [driver, dir] = process.argv.slice(2);
if (!driver || !dir) {
  console.error("usage: memory-checks-cli.ts <driver> <dir>");
  process.exit(2);
}
console.log(JSON.stringify(await runMemoryChecks(driver as DriverName, dir)));
