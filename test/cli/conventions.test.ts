// The CLI's manners, as a person meets them: colour on a terminal only (NO_COLOR, --no-color and pipes stay
// plain), completion scripts that bash really completes with, a missing required option or a typo answered in
// one hint instead of the whole help, and --json listed in every verb's help.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.ts";
import { BIN_DIR, isolatedEnv, REPO_ROOT, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("conventions");
const project = join(root, "proj");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const keel = (args: string[], extra: Record<string, string> = {}) =>
  runKeel(args, { cwd: project, env: { ...env, ...extra } });
beforeAll(() => initRepo(project));

const ESC = "\u001b[";
const HAS_SCRIPT = existsSync("/usr/bin/script");

/** keel run under a pseudo-terminal (util-linux `script`), so stdout is a TTY as in a person's shell. */
function onTerminal(args: string[], extra: Record<string, string> = {}): string {
  const line = [join(BIN_DIR, "bun"), join(REPO_ROOT, "src/main.ts"), ...args].map((w) => `'${w}'`).join(" ");
  const run = spawnSync("script", ["-qec", line, "/dev/null"], {
    cwd: project,
    env: { ...env, ...extra, TERM: "xterm-256color" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return run.stdout;
}

describe("colour", () => {
  it.skipIf(!HAS_SCRIPT)("colours verdicts on a terminal, and never with NO_COLOR or --no-color", () => {
    const coloured = onTerminal(["screen", "rm -rf /"]);
    expect(coloured).toContain(`${ESC}1;31mdestructive${ESC}0m`);
    expect(onTerminal(["screen", "rm -rf /"], { NO_COLOR: "1" })).not.toContain(ESC);
    expect(onTerminal(["screen", "--no-color", "rm -rf /"])).not.toContain(ESC);
    expect(onTerminal(["screen", "rm -rf /", "--json"])).not.toContain(ESC);
  });

  it("never colours a pipe, and --no-color is accepted", () => {
    const piped = keel(["screen", "rm -rf /"]);
    expect(piped.status).toBe(1);
    expect(piped.stdout).toMatch(/^destructive /);
    expect(piped.stdout).not.toContain(ESC);
    const plain = keel(["doctor", "--no-color"]);
    expect(plain.status).not.toBe(2);
    expect(plain.stdout).not.toContain(ESC);
  });
});

describe("completion", () => {
  it("gives bash a script that completes keel mem<TAB> to memory and memory se<TAB> to search", () => {
    const run = keel(["completion", "bash"]);
    expect(run.status, run.stderr).toBe(0);
    const file = join(root, "keel.bash");
    writeFileSync(file, run.stdout);
    const complete = (words: string[]) =>
      spawnSync(
        "bash",
        [
          "-c",
          `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _keel; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: "utf8" },
      ).stdout.trim();
    expect(complete(["keel", "mem"])).toBe("memory");
    expect(complete(["keel", "memory", "se"])).toBe("search");
    expect(complete(["keel", "verify", "--ti"])).toBe("--timeout");
  });

  it("writes zsh and fish scripts and refuses an unknown shell", () => {
    expect(keel(["completion", "zsh"]).stdout).toContain("bashcompinit");
    expect(keel(["completion", "fish"]).stdout).toContain(
      "complete -c keel -n __fish_use_subcommand -a memory",
    );
    const bad = keel(["completion", "tcsh"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('no completion for "tcsh"');
  });
});

describe("help and errors", () => {
  it("names a missing required option in one hint, without the whole help", () => {
    const run = keel(["memory", "record", "--kind", "note"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("required option '--title <title>' not specified");
    expect(run.stderr).not.toContain("Options:");
    expect(run.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
  });

  it("answers a typo with the suggestion and a hint, not 50 lines of help", () => {
    const run = keel(["memry"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("(Did you mean memory?)");
    expect(run.stderr).not.toContain("Commands:");
    expect(run.stderr.trim().split("\n").length).toBeLessThanOrEqual(3);
  });

  it("lists --json and --no-color in every verb's help, and examples in the main verbs'", () => {
    for (const entry of COMMANDS) {
      const help = keel([entry.name, "--help"]);
      expect(help.status, entry.name).toBe(0);
      expect(help.stdout, entry.name).toContain("--json");
      expect(help.stdout, entry.name).toContain("--no-color");
      if (entry.examples) expect(help.stdout, entry.name).toContain(`Examples:\n  ${entry.examples[0]}`);
    }
  }, 300_000);
});
