// Versions meeting, with the compiled dist/keel (built by `npm test`) and the pinned pi: the manifest `keel
// install` writes names the binary and its build; doctor reports an extension left by an older keel and `keel
// install` refreshes it; pi loading that older extension says so once, in its status line.
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RpcRecord } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const root = resolve(import.meta.dirname, "../..");
const binary = join(root, "dist/keel");
const OLD_COMMIT = "0123456789ab";

type Check = { name: string; level: string; detail: string };

describe("dist/keel and the extension it wrote", () => {
  let project: TempProject;
  let extensionDir: string;
  const keel = (args: string[]) =>
    spawnSync(binary, args, { cwd: project.projectDir, env: project.env, encoding: "utf8", timeout: 60_000 });
  const extensionCheck = (): Check => {
    const report = JSON.parse(keel(["doctor", "--json"]).stdout) as { checks: Check[] };
    return report.checks.find((check) => check.name === "extension") as Check;
  };
  const self = () => JSON.parse(keel(["--version", "--json"]).stdout) as Record<string, string>;

  beforeAll(() => {
    project = createTempProject({ name: "versions-demo", install: false });
    extensionDir = join(project.agentDir, "keel/pi-extension");
    const install = keel(["install", "--json"]);
    expect(install.status, install.stderr + install.stdout).toBe(0);
  });
  afterAll(() => project?.cleanup());

  it("records the writing binary and its build in the extension's manifest", () => {
    const manifest = JSON.parse(readFileSync(join(extensionDir, "package.json"), "utf8"));
    const { version, commit, extensionSha256 } = self();
    expect(manifest.keel).toEqual({ version, commit, bundleSha256: extensionSha256, binary });
    expect(extensionCheck()).toMatchObject({ level: "ok", detail: expect.stringContaining(String(commit)) });
  });

  it("doctor reports an extension from an older keel, and keel install refreshes it", () => {
    const { version, commit } = self();
    ageExtension(extensionDir);
    expect(extensionCheck()).toEqual({
      name: "extension",
      level: "warn",
      detail: `${extensionDir}: the pi extension is from an older keel, keel 0.0.9 (${OLD_COMMIT}), not keel ${version} (${commit}): run \`keel install\` to refresh it`,
    });
    expect(keel(["install"]).status).toBe(0);
    expect(extensionCheck().level).toBe("ok");
    expect(JSON.parse(readFileSync(join(extensionDir, "package.json"), "utf8")).keel.version).toBe(version);
  });

  it("pi loading an extension from an older keel says so once, in the status line", async () => {
    ageExtension(extensionDir);
    const isNote = (record: RpcRecord) =>
      record.type === "extension_ui_request" &&
      record.method === "setStatus" &&
      record.statusKey === "keel-version";
    const pi = await project.startPi();
    try {
      const note = await pi.waitFor(isNote, { after: 0, timeoutMs: 30_000, what: "the keel-version status" });
      expect(note.statusText).toMatch(
        /^keel: the pi extension is from an older keel, keel 0\.0\.9 \(0123456789ab\)/,
      );
      await pi.prompt("one turn after the note");
      await pi.send({ type: "new_session" });
      await pi.prompt("a turn in the next session");
      expect(pi.records.filter(isNote)).toHaveLength(1);
    } finally {
      await pi.close();
    }
  });
});

/** Makes the installed extension look written by keel 0.0.9: another bundle and that version in the manifest. */
function ageExtension(dir: string): void {
  appendFileSync(join(dir, "index.js"), "\n// as keel 0.0.9 shipped it\n");
  const file = join(dir, "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  manifest.keel = { ...manifest.keel, version: "0.0.9", commit: OLD_COMMIT, bundleSha256: "0".repeat(64) };
  writeFileSync(file, JSON.stringify(manifest, null, 2));
}
