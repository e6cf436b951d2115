// Runs the CLI fuzz driver in a child process (Bun, like the product) inside a git repository with its own
// store, then reads its figures and scans everything it printed. Shared by the fuzz test and `npm run proof`.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN_DIR, isolatedEnv, REPO_ROOT } from "../cli.ts";
import { initRepo } from "../git-repo.ts";

export interface CliFuzzFigures {
  cases: number;
  /** Exit codes outside 0/1/2, throws out of runCli, and "unexpected failure" reports. */
  crashes: string[];
  /** Raw control characters found in what the CLI printed. */
  rawControls: number;
  /** How many cases ended with each exit code. */
  exits: Record<string, number>;
  peakRssBytes: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for raw control characters is the point.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function fuzzCli(dir: string, seed: number, cases: number): CliFuzzFigures {
  const repo = initRepo(join(dir, `cli-${seed}`));
  execFileSync("mkfifo", [join(repo, "pipe")]);
  const out = join(dir, `cli-fuzz-${seed}.json`);
  const driver = join(REPO_ROOT, "test/support/hardening/cli-fuzz-driver.ts");
  const session = join(REPO_ROOT, "test/fixtures/sessions/small-hand.jsonl");
  const run = spawnSync(join(BIN_DIR, "bun"), [driver, String(seed), String(cases), session, out], {
    cwd: repo,
    env: isolatedEnv(join(dir, `agent-${seed}`), { KEEL_DB: join(dir, `cli-${seed}.db`) }),
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (run.status !== 0)
    return {
      cases,
      crashes: [`driver exited ${run.status}: ${run.stderr.slice(-500)}`],
      rawControls: 0,
      exits: {},
      peakRssBytes: 0,
    };
  const figures = JSON.parse(readFileSync(out, "utf8")) as {
    cases: number;
    badExits: string[];
    throws: string[];
    exits: Record<string, number>;
    peakRssBytes: number;
  };
  const printed = `${run.stdout}${run.stderr}`;
  const unexpected = printed.split("\n").filter((line) => /unexpected failure/.test(line));
  return {
    cases: figures.cases,
    crashes: [...figures.badExits, ...figures.throws, ...unexpected.map((line) => line.slice(0, 200))],
    rawControls: (printed.match(RAW_CONTROL) ?? []).length,
    exits: figures.exits,
    peakRssBytes: figures.peakRssBytes,
  };
}
