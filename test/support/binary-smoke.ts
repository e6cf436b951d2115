// The smoke suite of a compiled keel binary: version and build record, usage errors, install into a temp
// project, doctor, store check and the UI server with its embedded static files. Builds nothing itself: callers
// pass a binary that exists by the time their suite's hooks run (dist/keel, or a release binary).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { initRepo } from "./git-repo.ts";

const root = resolve(import.meta.dirname, "../..");
const bundle = join(root, "dist/extension/index.js");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};

export interface SmokeOptions {
  /** The Bun target the binary reports in `--version --json`. */
  target: string;
}

export function describeBinarySmoke(label: string, binaryPath: () => string, options: SmokeOptions): void {
  let binary: string;
  let scratch: string;
  let project: string;
  let env: NodeJS.ProcessEnv;

  function keel(args: string[], cwd = project) {
    return spawnSync(binary, args, { cwd, env, encoding: "utf8", timeout: 120_000 });
  }

  function parseJson(text: string) {
    return JSON.parse(text) as Record<string, unknown>;
  }

  beforeAll(() => {
    binary = binaryPath();
    if (!existsSync(binary))
      throw new Error(`${binary} is missing: build it first (npm test builds dist/keel)`);
    scratch = mkdtempSync(join(tmpdir(), "keel-binary-"));
    project = join(scratch, "project");
    mkdirSync(project);
    env = {
      ...process.env,
      PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
      HOME: scratch,
      PI_CODING_AGENT_DIR: join(scratch, "agent"),
      KEEL_DB: join(scratch, "keel.db"),
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      PI_TELEMETRY: "0",
    };
    initRepo(project, null);
  });

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  describe(label, () => {
    it("prints package.json's version", () => {
      const run = keel(["--version"]);
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).toBe(pkg.version);
    });

    it("reports its build with --version --json", () => {
      const run = keel(["--version", "--json"]);
      expect(run.status, run.stderr).toBe(0);
      const head = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" });
      expect(parseJson(run.stdout)).toMatchObject({
        ok: true,
        version: pkg.version,
        commit: expect.stringMatching(new RegExp(`^${head.stdout.trim()}(-dirty)?$`)),
        builtAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        bun: pkg.devDependencies.bun,
        target: options.target,
        compiled: true,
        extensionSha256: createHash("sha256").update(readFileSync(bundle)).digest("hex"),
      });
    });

    it("exits 2 with usage on stderr for an unknown command", () => {
      const run = keel(["no-such-command"]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("unknown command 'no-such-command'");
      expect(run.stderr).toContain("(keel <command> --help shows its usage)");
      expect(run.stdout).toBe("");
    });

    it("installs its embedded extension into a project", () => {
      const run = keel(["install", "--json"]);
      expect(run.status, run.stderr + run.stdout).toBe(0);
      const result = parseJson(run.stdout);
      const extensionDir = join(scratch, "agent/keel/pi-extension");
      expect(result).toMatchObject({ ok: true, scope: "project", extensionDir });

      const written = readFileSync(join(extensionDir, "index.js"));
      expect(written.equals(readFileSync(bundle))).toBe(true);
      expect(result.bundleSha256).toBe(createHash("sha256").update(written).digest("hex"));
      // The rule shapes' part-of-speech model rides beside the bundle, not inside it (pos-model.ts).
      expect(existsSync(join(extensionDir, "model", "wink-pos.cjs"))).toBe(true);
      const manifest = parseJson(readFileSync(join(extensionDir, "package.json"), "utf8"));
      expect(manifest).toMatchObject({ type: "module", pi: { extensions: ["./index.js"] } });

      const settingsFile = join(project, ".pi/settings.json");
      const settings = parseJson(readFileSync(settingsFile, "utf8")) as { packages?: unknown[] };
      const entries = (settings.packages ?? []).map((entry) =>
        resolve(
          dirname(settingsFile),
          typeof entry === "string" ? entry : String((entry as { source: string }).source),
        ),
      );
      expect(entries).toContain(extensionDir);
    });

    it("reports a healthy install from doctor --json", () => {
      const run = keel(["doctor", "--json"]);
      expect(run.status, run.stdout).toBe(0);
      const report = parseJson(run.stdout) as { ok: boolean; checks: Array<{ name: string; level: string }> };
      expect(report.ok).toBe(true);
      const levels = Object.fromEntries(report.checks.map((check) => [check.name, check.level]));
      for (const name of ["node", "pi", "extension", "registered", "store"])
        expect(levels[name], name).toBe("ok");
    });

    it("extracts rules whose verb is in no list with its embedded part-of-speech model", () => {
      const b = createSessionBuilder({ cwd: project });
      b.user("We're building the refunds page.");
      b.assistant({ text: "On it." });
      b.user("Session cookies vanish at logout. Also, redact tokens in error reports.");
      b.assistant({ text: "Noted." });
      const file = join(scratch, "rare-verbs.jsonl");
      writeFileSync(file, b.toJsonl());
      const run = keel(["extract", file], scratch);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("Session cookies vanish at logout. [constraint, norm]");
      expect(run.stdout).toMatch(/redact tokens in error reports\. \[constraint, imperative\]/);
    });

    it("checks its store with bun:sqlite", () => {
      const run = keel(["store", "check", "--json"]);
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(parseJson(run.stdout)).toMatchObject({
        ok: true,
        driver: "bun-sqlite",
        location: join(scratch, "keel.db"),
        fts5: true,
        problems: [],
      });
    });

    describe("ui", () => {
      let server: ChildProcess | undefined;
      afterAll(() => {
        server?.kill();
      });

      it("serves the page behind its token", async () => {
        server = spawn(binary, ["ui", "--json", "--port", "0"], { cwd: project, env, stdio: "pipe" });
        const started = parseJson(await firstLine(server));
        expect(started).toMatchObject({ ok: true });
        const url = new URL(String(started.url));
        expect(url.hostname).toBe("127.0.0.1");
        expect(url.searchParams.get("token")).toBe(started.token);
        expect(Number(url.port)).toBe(started.port);

        const page = await fetch(url);
        expect(page.status).toBe(200);
        expect(page.headers.get("content-type")).toMatch(/text\/html/);
        expect(await page.text()).toContain("keel");

        const denied = await fetch(new URL("/", url.origin));
        expect(denied.status).toBe(401);

        const auth = { authorization: `Bearer ${String(started.token)}` };
        for (const name of staticFiles()) {
          const asset = await fetch(new URL(`/static/${name}`, url.origin), { headers: auth });
          expect(asset.status, name).toBe(200);
          expect(await asset.text(), name).toBe(readFileSync(join(root, "web/static", name), "utf8"));
        }
      });
    });
  });
}

/** Files under web/static/ as the UI names them ("a.css", "img/b.svg"); the binary must serve its own copies. */
function staticFiles(): string[] {
  const dir = join(root, "web/static");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** Resolves with the child's first stdout line; rejects when it exits or fails first. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const end = out.indexOf("\n");
      if (end >= 0) resolveLine(out.slice(0, end));
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`keel ui exited ${code} before printing: ${out}${err}`)));
  });
}
