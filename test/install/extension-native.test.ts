// The extension package keel install writes imports natively under pi's Node: a bare import it cannot resolve
// from the agent folder (which has no node_modules) makes pi's loader transpile the whole bundle on every start.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { besideBundleText } from "../../src/compact/verified/extract/pos-model.ts";
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

it("writes the part-of-speech model beside the bundle, self-contained: Node tags with it without node_modules", () => {
  ensureExtensionBundle();
  const dir = join(tempDir("extension-pos-model"), "agent", "keel", "pi-extension");
  writeExtensionPackage(dir);
  const bundleUrl = pathToFileURL(join(dir, EXTENSION_FILE)).href;
  expect(besideBundleText(bundleUrl)).not.toBeNull();
  const model = join(dir, "model", "wink-pos.cjs");
  const script = [
    "const { readFileSync } = await import('node:fs');",
    "const module = { exports: {} };",
    `new Function("module", "exports", readFileSync(${JSON.stringify(model)}, "utf8"))(module, module.exports);`,
    "const nlp = module.exports.winkNLP(module.exports.model, ['pos']);",
    "console.log(nlp.readDoc('you hyphenate compound adjectives').tokens().out(nlp.its.pos).join(' '));",
  ].join("\n");
  const run = spawnSync(join(BIN_DIR, "node"), ["--input-type=module", "-e", script], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout.trim()).toBe("PRON VERB NOUN NOUN");
});
