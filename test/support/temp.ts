// Shared test scaffolding: a temporary folder removed after the file's tests, and a real keel store in one.
// Tests use these instead of hand-made mkdtemp/rmSync and openStore(join(dir, …)) pairs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { type OpenOptions, openStore } from "../../src/store/open.ts";

/**
 * A fresh folder `keel-<name>-XXXXXX` under the system's temp dir. Called at a file's top level it is removed
 * after that file's tests; pass `{ keep: true }` where the caller removes it itself (inside a test or hook).
 */
export function tempDir(name: string, options: { keep?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `keel-${name}-`));
  if (!options.keep) afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real keel store (SQLite file `name` in `dir`, migrated), opened with the runtime's driver or the given one. */
export function testStore(dir: string, name = "keel.db", options?: OpenOptions) {
  return openStore(join(dir, name), options);
}
