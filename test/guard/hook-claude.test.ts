// `keel hook claude` run exactly as the README's Claude Code configuration runs it: the snippet's command,
// with `keel` resolved to the compiled binary (dist/keel), fed the hook's JSON on stdin the way Claude Code
// sends it. It refuses `rm -rf ~`, asks about a checkout that discards a file's changes, and lets `ls` pass.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";

interface HookSettings {
  hooks: { PreToolUse: { matcher: string; hooks: { type: string; command: string }[] }[] };
}

function readmeHookCommand(): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const match = readme.match(/<!-- claude-hook -->\s*```json\n([\s\S]*?)```/);
  if (!match?.[1]) throw new Error("README.md has no claude-hook snippet");
  const settings = JSON.parse(match[1]) as HookSettings;
  const entry = settings.hooks.PreToolUse.find((hook) => hook.matcher === "Bash");
  const command = entry?.hooks[0]?.command;
  if (!command) throw new Error("the README snippet has no Bash PreToolUse command");
  return command;
}

const binary = join(REPO_ROOT, "dist/keel");
const project = initRepo(mkdtempSync(join(tmpdir(), "keel-hook-")), { "src/app.ts": "export {};\n" });
afterAll(() => rmSync(project, { recursive: true, force: true }));

function runHook(command: string) {
  if (!existsSync(binary)) throw new Error("dist/keel is missing: run bun scripts/build.ts");
  const hook = readmeHookCommand().replace(/^keel\b/, JSON.stringify(binary));
  const input = {
    session_id: "s1",
    transcript_path: join(project, "t.jsonl"),
    cwd: project,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "run it" },
    tool_use_id: "toolu_1",
  };
  const run = spawnSync("sh", ["-c", hook], { input: JSON.stringify(input), encoding: "utf8", cwd: project });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("keel hook claude from the README snippet", () => {
  it("denies rm -rf ~ with the rule and a safer alternative", () => {
    const run = runHook("rm -rf ~");
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.hookSpecificOutput).toMatchObject({
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
    });
    expect(answer.hookSpecificOutput.permissionDecisionReason).toContain("rm-recursive-home");
  });

  it("asks before git checkout -- discards a file's changes", () => {
    const run = runHook("git checkout -- src/app.ts");
    expect(JSON.parse(run.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" });
    expect(run.stdout).toContain("git stash");
  });

  it("lets ls through with no decision and exit 0", () => {
    const run = runHook("ls -la");
    expect(run).toMatchObject({ status: 0, stdout: "" });
  });
});
