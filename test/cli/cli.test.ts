// The CLI as a user meets it: version, help, usage errors and exit codes, JSON output, install, doctor, status.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { isolatedEnv, REPO_ROOT, runKeel, systemNodeBin } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("cli");
const agentDir = join(root, "agent");
const project = join(root, "proj");
const env = isolatedEnv(agentDir, { KEEL_DB: join(root, "keel.db") });

beforeAll(() => {
  initRepo(project, null);
  if (!existsSync(join(REPO_ROOT, "dist/extension/index.js"))) {
    execFileSync(join(REPO_ROOT, "node_modules/.bin/node"), ["scripts/build-extension.ts"], {
      cwd: REPO_ROOT,
    });
  }
});

const keel = (args: string[], extraEnv: Record<string, string> = {}, cwd = project) =>
  runKeel(args, { cwd, env: { ...env, ...extraEnv } });

describe("usage", () => {
  it("prints the version and help", () => {
    expect(keel(["--version"])).toMatchObject({ status: 0, stdout: `${pkg.version}\n` });
    const help = keel(["--help"]);
    expect(help.status).toBe(0);
    for (const verb of ["install", "uninstall", "doctor", "status", "ui"])
      expect(help.stdout).toContain(verb);
  });

  it("rejects an unknown command or flag with exit 2 and the usage", () => {
    const command = keel(["frobnicate"]);
    expect(command.status).toBe(2);
    expect(command.stderr).toMatch(/unknown command 'frobnicate'/);
    // A one-line hint instead of the whole help (issue 31).
    expect(command.stderr).toMatch(/\(keel <command> --help shows its usage\)/);
    expect(command.stderr).not.toMatch(/Commands:/);
    const flag = keel(["status", "--frobnicate"]);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/unknown option '--frobnicate'/);
  });

  it("reports usage errors as JSON with --json", () => {
    const run = keel(["frobnicate", "--json"]);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown command/),
    });
  });

  it("rejects a bad --limit", () => {
    const run = keel(["status", "--limit", "lots"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--limit needs a whole number/);
  });
});

describe("environment problems give one clear sentence", () => {
  it("a missing pi", () => {
    const run = keel(["install"], { KEEL_PI_BIN: join(root, "no-such-pi") });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(/^keel: pi was not found \(tried `.*no-such-pi`\); install it with/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("a pi that reports success without registering the extension", () => {
    // pi's exit status alone is not the registration: this pi answers --version and exits 0 for install, as a
    // pi that skips an untrusted project's package does, and writes no settings.
    const silentPi = join(root, "silent-pi");
    writeFileSync(silentPi, '#!/bin/sh\nif [ "$1" = "--version" ]; then echo 1.6.0; fi\nexit 0\n');
    chmodSync(silentPi, 0o755);
    const run = keel(["install"], { KEEL_PI_BIN: silentPi });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^keel: pi reported success but did not register the extension: .* is not in .*\.pi\/settings\.json$/m,
    );
    expect(run.stdout).not.toMatch(/is installed/);
  });

  it("an old Node", () => {
    const oldNode = systemNodeBin();
    const version = spawnSync(oldNode, ["--version"], { encoding: "utf8" }).stdout.trim();
    const run = keel(["install"], { KEEL_NODE_BIN: oldNode });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toContain(
      `keel: pi needs Node ≥ 22.19.0, but \`${oldNode} --version\` printed ${version}. `,
    );
    // The sentence names the fix: which Node to put first on the PATH, or KEEL_NODE_BIN.
    expect(run.stderr).toContain("first on your PATH");
    expect(run.stderr).toContain("KEEL_NODE_BIN=/path/to/node");
  });
});

describe("install, doctor, status, uninstall", () => {
  it("doctor fails before install and passes after it", () => {
    const before = keel(["doctor", "--json"]);
    expect(before.status).toBe(1);
    const beforeChecks = JSON.parse(before.stdout).checks as Array<{ name: string; level: string }>;
    expect(beforeChecks.find((c) => c.name === "registered")?.level).toBe("fail");

    const install = keel(["install", "--json"]);
    expect(install.status, install.stderr).toBe(0);
    const installed = JSON.parse(install.stdout);
    expect(installed).toMatchObject({
      ok: true,
      scope: "project",
      extensionDir: join(agentDir, "keel/pi-extension"),
    });
    expect(readFileSync(join(agentDir, "keel/pi-extension/index.js"), "utf8")).toBe(
      readFileSync(join(REPO_ROOT, "dist/extension/index.js"), "utf8"),
    );
    const settings = JSON.parse(readFileSync(join(project, ".pi/settings.json"), "utf8"));
    expect(settings.packages).toHaveLength(1);

    const after = keel(["doctor", "--json"]);
    expect(after.status, after.stdout).toBe(0);
    const levels = Object.fromEntries(
      (JSON.parse(after.stdout).checks as Array<{ name: string; level: string }>).map((c) => [
        c.name,
        c.level,
      ]),
    );
    expect(levels).toMatchObject({
      node: "ok",
      pi: "ok",
      extension: "ok",
      project: "ok",
      registered: "ok",
      store: "ok",
    });

    const again = keel(["install"]);
    expect(again.status, again.stderr).toBe(0);
    // It names the file pi wrote into the project, and keel diff leaves that file out of the scope audit.
    expect(again.stdout).toContain(
      `pi recorded it in ${join(project, ".pi/settings.json")} (pi's project settings)`,
    );
    const identity = ["-c", "user.name=keel test", "-c", "user.email=test@keel.invalid"];
    execFileSync("git", [...identity, "commit", "-q", "--allow-empty", "-m", "start"], { cwd: project });
    const diff = keel(["diff", "--json"]);
    expect(JSON.parse(diff.stdout).leftOut).toEqual([
      { path: ".pi/settings.json", what: expect.stringContaining("keel install") },
    ]);
    expect(JSON.parse(diff.stdout).changed.map((c: { path: string }) => c.path)).not.toContain(
      ".pi/settings.json",
    );
    expect(JSON.parse(readFileSync(join(project, ".pi/settings.json"), "utf8")).packages).toHaveLength(1);
  });

  it("status shows the project and the store", () => {
    const run = keel(["status", "--json"]);
    expect(run.status).toBe(0);
    const status = JSON.parse(run.stdout);
    expect(status.project).toMatchObject({ name: "proj", identitySource: "git" });
    expect(status.store).toEqual({ location: join(root, "keel.db"), driver: "bun-sqlite" });
    expect(status.compactions).toEqual({ total: 0, recent: [] });
    expect(keel(["status"]).stdout).toMatch(/compactions recorded for this project: 0/);
  });

  it("status outside git explains how to name a project", () => {
    const loose = mkdtempSync(join(root, "loose-"));
    const run = keel(["status", "--json"], {}, loose);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).projectError).toMatch(/not inside a git repository.*KEEL_PROJECT_ROOT/);
    const named = keel(["status", "--json"], { KEEL_PROJECT_ROOT: loose }, loose);
    expect(JSON.parse(named.stdout).project).toMatchObject({ root: loose, identitySource: "configured" });
  });

  it("install --global registers in pi's user settings", () => {
    const run = keel(["install", "--global", "--json"]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, scope: "user" });
    const user = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"));
    expect(user.packages).toHaveLength(1);
    const doctor = JSON.parse(keel(["doctor", "--json"]).stdout);
    expect(doctor.checks.find((c: { name: string }) => c.name === "registered").detail).toBe(
      "project + user settings",
    );
    expect(keel(["uninstall", "--global"]).status).toBe(0);
    expect(JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")).packages ?? []).toHaveLength(0);
  });

  it("uninstall removes the registration and keeps the store", () => {
    const run = keel(["uninstall"]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(project, ".pi/settings.json"), "utf8")).packages ?? []).toHaveLength(
      0,
    );
    expect(existsSync(join(root, "keel.db"))).toBe(true);
  });
});
