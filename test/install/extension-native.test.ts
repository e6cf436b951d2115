// The extension package keel install writes imports natively under pi's Node: a bare import it cannot resolve
// from the agent folder (which has no node_modules) makes pi's loader transpile the whole bundle on every start.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { EXTENSION_FILE, writeExtensionPackage } from "../../src/install/extension-package.ts";
import { BIN_DIR } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";
import { ensureExtensionBundle } from "../support/temp-project.ts";

it("loads with Node's own import from a folder without node_modules, default export a function", () => {
  ensureExtensionBundle();
  const dir = join(tempDir("extension-native"), "agent", "keel", "pi-extension");
  writeExtensionPackage(dir);
  const url = pathToFileURL(join(dir, EXTENSION_FILE)).href;
  const run = spawnSync(
    join(BIN_DIR, "node"),
    [
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(url)}); console.log(typeof m.default);`,
    ],
    { cwd: dir, encoding: "utf8", timeout: 60_000 },
  );
  expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/);
  expect(run.stdout.trim()).toBe("function");
  expect(run.status).toBe(0);
});
