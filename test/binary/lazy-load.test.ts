// Start-up guard of the compiled binary (issue 23): `--version` and `screen` load none of the MCP SDK, Hono,
// zod, the verified pipeline, TypeBox or the store, `screen` opens no store and runs no git, and `memory
// search` and `status` (in a plain repository) run no git, skip commander and load neither Drizzle nor TypeBox.
// What a run loaded comes from the binary itself (KEEL_TRACE_MODULES lists the chunks Bun loaded) mapped to source
// files through the metafile scripts/build.ts writes. `keel mcp --help` is the control that shows the trace does
// see the MCP SDK when a command loads it.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initRepo } from "../support/git-repo.ts";

const root = resolve(import.meta.dirname, "../..");
const binary = join(root, "dist/keel");
const metafile = join(root, "dist/.build/metafile.json");

interface Metafile {
  inputs: Record<string, { imports?: Array<{ path: string; kind: string }> }>;
  outputs: Record<
    string,
    { inputs: Record<string, unknown>; imports?: Array<{ path: string; kind: string }>; entryPoint?: string }
  >;
}

/** What `--version` and `screen` must not load: sources (or packages) by path. */
const HEAVY: Record<string, RegExp> = {
  "MCP SDK": /node_modules\/@modelcontextprotocol\//,
  Hono: /node_modules\/(@hono\/|hono\/)/,
  zod: /node_modules\/zod\//,
  "verified pipeline": /^src\/compact\/verified\//,
  TypeBox: /node_modules\/typebox\//,
  "the store": /^src\/store\/|node_modules\/drizzle-orm\//,
  "the embedding model": /^src\/memory\/meaning\/word-vectors\.ts$/, // imported with the files it reads
};

/**
 * What `memory search` and `status` must not load: the guard and the tool registry, and on a current store neither
 * Drizzle (they read through the store's raw reader) nor TypeBox (a well-formed read needs no schema walk).
 */
const READ_NEEDS_NOT = [
  /^src\/guard\//,
  /^src\/tools\//,
  /node_modules\/mvdan-sh\//,
  /node_modules\/drizzle-orm\//,
  /node_modules\/typebox\//,
];

let scratch: string;
let project: string;
let gitLog: string;
let env: NodeJS.ProcessEnv;
let graph: Metafile;

beforeAll(() => {
  for (const file of [binary, metafile])
    if (!existsSync(file)) throw new Error(`${file} is missing: build it first (bun scripts/build.ts)`);
  graph = JSON.parse(readFileSync(metafile, "utf8")) as Metafile;
  scratch = mkdtempSync(join(tmpdir(), "keel-lazy-load-"));
  project = initRepo(join(scratch, "project"));
  // A git on PATH that writes down each call, then runs the real one.
  const shims = join(scratch, "bin");
  mkdirSync(shims);
  gitLog = join(scratch, "git-calls.log");
  const realGit = spawnSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).stdout.trim();
  writeFileSync(join(shims, "git"), `#!/bin/sh\necho "$*" >> "${gitLog}"\nexec "${realGit}" "$@"\n`);
  chmodSync(join(shims, "git"), 0o755);
  env = {
    ...process.env,
    PATH: `${shims}:${process.env.PATH ?? ""}`,
    HOME: scratch,
    PI_CODING_AGENT_DIR: join(scratch, "agent"),
    KEEL_DB: join(scratch, "store", "keel.db"),
    KEEL_TRACE_MODULES: "1",
  };
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function keel(args: string[]) {
  rmSync(gitLog, { force: true });
  const run = spawnSync(binary, args, { cwd: project, env, encoding: "utf8", timeout: 60_000 });
  const gitCalls = existsSync(gitLog) ? readFileSync(gitLog, "utf8").split("\n").filter(Boolean) : [];
  return { ...run, gitCalls };
}

/** The source files a run loaded: the entry chunk and what it imports statically, plus every chunk the run lists. */
function loadedSources(stderr: string): string[] {
  const outputs = graph.outputs;
  const chunks = stderr
    .split("\n")
    .filter((line) => line.startsWith("keel: loaded "))
    .map((line) => `./${line.slice(line.lastIndexOf("/") + 1)}`);
  const entry = Object.keys(outputs).find((key) => outputs[key]!.entryPoint?.endsWith("entry.ts"));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !outputs[key]) return;
    seen.add(key);
    for (const dep of outputs[key]!.imports ?? []) if (dep.kind === "import-statement") visit(dep.path);
  };
  for (const key of [entry!, ...chunks]) visit(key);
  return [...seen].flatMap((key) => Object.keys(outputs[key]!.inputs));
}

/** The Node built-ins the loaded sources import at their top (what Bun then loads with them). */
function builtinsOf(sources: string[]): string[] {
  const found = sources.flatMap((source) =>
    (graph.inputs[source]?.imports ?? [])
      .filter((dep) => dep.kind === "import-statement" && !/^\.|\//.test(dep.path.replace(/^node:/, "")))
      .map((dep) => dep.path.replace(/^node:/, "")),
  );
  return [...new Set(found)].sort();
}

function heavyIn(sources: string[]): string[] {
  return Object.entries(HEAVY)
    .filter(([, pattern]) => sources.some((source) => pattern.test(source)))
    .map(([name]) => name);
}

describe("start-up of the compiled binary", () => {
  it("builds every heavy part into the binary (so their absence below means something)", () => {
    const all = Object.values(graph.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(heavyIn(all)).toEqual(Object.keys(HEAVY));
  });

  it("sees what a command loads: `mcp --help` loads the MCP SDK and zod", () => {
    const run = keel(["mcp", "--help"]);
    expect(run.status, run.stderr).toBe(0);
    expect(heavyIn(loadedSources(run.stderr))).toEqual(expect.arrayContaining(["MCP SDK", "zod"]));
  });

  it("--version loads none of them and no command module", () => {
    const run = keel(["--version"]);
    expect(run.status, run.stderr).toBe(0);
    const sources = loadedSources(run.stderr);
    expect(heavyIn(sources)).toEqual([]);
    expect(sources.filter((source) => /node_modules\/commander\//.test(source))).toEqual([]);
    expect(run.gitCalls).toEqual([]);
  });

  it("screen loads none of them, opens no store and runs no git", () => {
    // The plain form skips commander; `--` takes the full parser, which still loads none of them.
    const cases: Array<[string[], number]> = [
      [["screen", "rm -rf /"], 1],
      [["screen", "--json", "ls -la"], 0],
      [["screen", "--", "rm", "-rf", "/"], 1],
    ];
    for (const [args, exit] of cases) {
      const run = keel(args);
      expect(run.status, run.stderr).toBe(exit);
      const sources = loadedSources(run.stderr);
      expect(heavyIn(sources), args.join(" ")).toEqual([]);
      // Spawning git and finding the home folder wait for a path to judge: child_process and os load then (the
      // `--` form goes through commander, which imports child_process itself).
      if (!args.includes("--"))
        expect(
          builtinsOf(sources).filter((name) => ["child_process", "os"].includes(name)),
          args.join(" "),
        ).toEqual([]);
      expect(run.gitCalls, args.join(" ")).toEqual([]);
    }
    expect(existsSync(join(scratch, "store"))).toBe(false);
  });

  it("memory search and status open the store, run no git, skip commander and load no MCP, Hono, zod, verified pipeline, guard, tool registry, Drizzle or TypeBox", () => {
    const record = keel(["memory", "record", "--kind", "note", "--title", "deploy", "--body", "run x first"]);
    expect(record.status, record.stderr).toBe(0);
    // A write computes the new record's vector, so the search after it has nothing to write.
    expect(heavyIn(loadedSources(record.stderr))).toContain("the embedding model");
    for (const [args, shows] of [
      [["memory", "search", "x"], "deploy"],
      [["status"], "project"],
    ] as const) {
      const run = keel([...args]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(shows);
      expect(run.gitCalls, args.join(" ")).toEqual([]);
      const sources = loadedSources(run.stderr);
      const heavy = heavyIn(sources);
      expect(heavy, args.join(" ")).toContain("the store");
      expect(
        heavy.filter((name) => ["MCP SDK", "Hono", "zod", "verified pipeline"].includes(name)),
        args.join(" "),
      ).toEqual([]);
      expect(
        sources.filter((source) => /node_modules\/commander\//.test(source)),
        args.join(" "),
      ).toEqual([]);
      expect(
        sources.filter((source) => READ_NEEDS_NOT.some((pattern) => pattern.test(source))),
        args.join(" "),
      ).toEqual([]);
    }
  });
});
