// The verbs program.ts runs without commander (`status`, `memory search`, next to `screen`): which argvs take that
// path, and that each prints, fails and exits exactly as commander's parse of the same argv does, in a real
// project with a real store, outside any project, and with bad input.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotVerb } from "../../src/cli/commands.ts";
import { type CliIo, runCli } from "../../src/cli/program.ts";
import { runProgram } from "../../src/cli/tree.ts";
import { initRepo } from "../support/git-repo.ts";

function collect() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { write: { out: (t) => out.push(t), err: (t) => err.push(t) } };
  return { io, text: () => ({ out: out.join(""), err: err.join("") }) };
}

describe("which argvs are hot", () => {
  it("takes `status` and `memory search <word…>` with at most --json, and nothing else", () => {
    expect(hotVerb(["status"])).toEqual({ verb: "status" });
    expect(hotVerb(["--json", "status"])).toEqual({ verb: "status" });
    expect(hotVerb(["memory", "search", "deploy", "x"])).toEqual({
      verb: "memory search",
      words: ["deploy", "x"],
    });
    expect(hotVerb(["memory", "search", "x", "--json"])).toEqual({ verb: "memory search", words: ["x"] });
    expect(hotVerb(["screen", "ls"])).toEqual({ verb: "screen", words: ["ls"] });
    for (const argv of [
      ["status", "--limit", "3"],
      ["status", "extra"],
      ["status", "--help"],
      ["status", "--no-color"],
      ["memory", "search"],
      ["memory", "search", "-n", "2", "x"],
      ["memory", "search", "--", "x"],
      ["memory", "search", "x", "--derived"],
      ["memory", "status"],
      ["memory", "read", "search"],
      ["search", "memory", "x"],
    ])
      expect(hotVerb(argv), argv.join(" ")).toBeUndefined();
  });
});

describe("hot verbs against commander", () => {
  let scratch: string;
  let project: string;
  let outside: string;
  const cwd = process.cwd();
  const saved = { KEEL_DB: process.env.KEEL_DB, KEEL_PROJECT_ROOT: process.env.KEEL_PROJECT_ROOT };

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "keel-hot-verbs-"));
    project = initRepo(join(scratch, "project"));
    outside = join(scratch, "outside");
    mkdirSync(outside);
    process.env.KEEL_DB = join(scratch, "keel.db");
    delete process.env.KEEL_PROJECT_ROOT;
    process.chdir(project);
    for (const [title, body] of [
      ["x marks the deploy step", "run x before the release"],
      ["tests", "npm test runs vitest"],
    ] as const) {
      const { io, text } = collect();
      const argv = ["memory", "record", "--kind", "note", "--title", title, "--body", body];
      expect(await runCli(argv, io), text().err).toBe(0);
    }
  });

  afterAll(() => {
    process.chdir(cwd);
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    rmSync(scratch, { recursive: true, force: true });
  });

  async function both(argv: string[]) {
    expect(hotVerb(argv), argv.join(" ")).toBeDefined();
    const hot = collect();
    const full = collect();
    const hotCode = await runCli(argv, hot.io);
    const fullCode = await runProgram(argv, full.io);
    return { hot: { code: hotCode, ...hot.text() }, full: { code: fullCode, ...full.text() } };
  }

  const argvs = [
    ["status"],
    ["--json", "status"],
    ["memory", "search", "x"],
    ["memory", "search", "--json", "deploy", "release"],
    ["memory", "search", "nothing-holds-this"],
    ["memory", "search", "\u001b[31m", "x"],
    ["memory", "search", "x".repeat(5000)],
  ];

  it("prints and exits as the full parser does in a project", async () => {
    for (const argv of argvs) {
      const { hot, full } = await both(argv);
      expect(hot, argv.join(" ")).toEqual(full);
    }
    expect((await both(["memory", "search", "x"])).hot.out).toContain("x marks the deploy step");
    expect((await both(["status"])).hot.out).toMatch(/^project +project /m);
  });

  it("fails as the full parser does outside any project", async () => {
    process.chdir(outside);
    try {
      for (const argv of argvs) {
        const { hot, full } = await both(argv);
        expect(hot, argv.join(" ")).toEqual(full);
      }
      expect((await both(["memory", "search", "x"])).hot.code).toBe(2);
    } finally {
      process.chdir(project);
    }
  });
});
