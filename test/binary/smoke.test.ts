// Smoke test of the compiled binary dist/keel (built by `npm test` before vitest runs); the suite itself lives in
// test/support/binary-smoke.ts so release binaries run the same checks.
import { join, resolve } from "node:path";
import { hostTarget } from "../../scripts/build.ts";
import { describeBinarySmoke } from "../support/binary-smoke.ts";

const root = resolve(import.meta.dirname, "../..");

describeBinarySmoke("dist/keel", () => join(root, "dist/keel"), { target: hostTarget() });
