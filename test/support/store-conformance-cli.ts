// Runs the store conformance checks in this process's runtime and prints the results as JSON:
// `bun test/support/store-conformance-cli.ts <driver> <dir>`.
import type { DriverName } from "../../src/store/db.ts";
import { runConformance } from "./store-conformance.ts";

const [driver, dir] = process.argv.slice(2);
if (!driver || !dir) {
  console.error("usage: store-conformance-cli.ts <driver> <dir>");
  process.exit(2);
}
console.log(JSON.stringify(await runConformance(driver as DriverName, dir)));
