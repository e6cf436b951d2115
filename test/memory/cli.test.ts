// `keel memory …` as a user runs it: bun src/main.ts in temp git repos, KEEL_DB and PI_CODING_AGENT_DIR in a temp
// folder. Records, search, supersede, read, status, retention, cleanup with ask-mode tokens, project isolation,
// shared memory across worktrees, and exit codes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("memory-cli");

const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });

const repo = (name: string) => initRepo(join(root, name), {});

function keel(cwd: string, ...args: string[]) {
  const run = runKeel(["memory", ...args], { cwd, env });
  return { ...run, json: () => JSON.parse(run.stdout) };
}

describe("keel memory", () => {
  const alpha = repo("alpha");
  const beta = repo("beta");

  it("records, searches, supersedes and reads with the chain", () => {
    const first = keel(
      alpha,
      "record",
      "--title",
      "Deploy tool",
      "--body",
      "We deploy with Helm.",
      "-k",
      "fact",
      "-t",
      "Deploy Tools",
      "--json",
    );
    expect(first.status, first.stderr).toBe(0);
    const oldId = first.json().record.id as string;
    expect(first.json().record.tags).toEqual(["deploy-tools"]);
    const second = keel(
      alpha,
      "record",
      "--title",
      "Deploy tool changed",
      "--body",
      "We deploy with Kustomize now.",
      "-k",
      "decision",
      "--json",
    );
    const newId = second.json().record.id as string;
    const sup = keel(alpha, "supersede", oldId, newId);
    expect(sup.status, sup.stderr).toBe(0);
    const search = keel(alpha, "search", "how", "do", "we", "deploy", "--json");
    expect(search.json().results.map((r: { id: string }) => r.id)).toEqual([newId]);
    const both = keel(alpha, "search", "deploy", "--superseded", "--json");
    expect(both.json().results.map((r: { id: string }) => r.id)).toEqual([newId, oldId]);
    const read = keel(alpha, "read", oldId);
    expect(read.stdout).toContain(`supersession [${oldId}] → ${newId}`);
    const text = keel(alpha, "search", "deploy");
    expect(text.stdout).toContain(newId);
  });

  it("redacts secrets and reports it", () => {
    const out = keel(
      alpha,
      "record",
      "--title",
      "CI token",
      "--body",
      "token ghp_abcdefghijklmnopqrstuvwxyz0123 in CI",
      "-k",
      "note",
    );
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("redacted 1 github-token in body");
    expect(keel(alpha, "search", "ghp_abcdefghijklmnopqrstuvwxyz0123", "--json").json().results).toEqual([]);
  });

  it("keeps another project's memory apart and shares it across worktrees", () => {
    expect(keel(beta, "search", "deploy", "--json").json().results).toEqual([]);
    expect(keel(beta, "status", "--json").json().records).toBe(0);
    const tree = join(root, "alpha-tree");
    execFileSync("git", ["worktree", "add", "-q", tree], { cwd: alpha, stdio: "ignore" });
    expect(keel(tree, "search", "deploy", "--json").json().results).toHaveLength(1);
  });

  it("cleans up in ask mode only with the plan's token", () => {
    expect(keel(beta, "policy", "--cleanup-mode", "ask").status).toBe(0);
    const a = keel(beta, "record", "--title", "Old fact", "--body", "old", "-k", "fact", "--json").json()
      .record.id;
    const b = keel(
      beta,
      "record",
      "--title",
      "New fact",
      "--body",
      "new",
      "-k",
      "fact",
      "--supersedes",
      a,
      "--json",
    );
    expect(b.status, b.stderr).toBe(0);
    const plan = keel(beta, "cleanup", "plan", "--json").json();
    expect(plan.obsolete.map((o: { id: string }) => o.id)).toEqual([a]);
    const refused = keel(beta, "cleanup", "apply", "--token", "not-the-token", "--json");
    expect(refused.status).toBe(1);
    expect(keel(beta, "read", a).status).toBe(0);
    const applied = keel(beta, "cleanup", "apply", "--token", plan.token, "--json");
    expect(applied.status, applied.stdout).toBe(0);
    expect(applied.json().removedIds).toEqual([a]);
    expect(keel(beta, "read", a).status).toBe(1);
  });

  it("rejects bad input with exit 2 and an unknown id with exit 1", () => {
    const bad = keel(alpha, "record", "--title", "x", "-k", "rumour", "--json");
    expect(bad.status).toBe(2);
    expect(bad.json().error).toContain("INVALID_INPUT");
    expect(keel(alpha, "read", "mem-20270101-000000000000").status).toBe(1);
    const mode = keel(alpha, "policy", "--cleanup-mode", "never");
    expect(mode.status).toBe(2);
    expect(mode.stderr).toContain("Allowed choices are auto, ask");
    const category = keel(alpha, "record", "--title", "x", "-k", "note", "-c", "misc", "--json");
    expect(category.status).toBe(2);
    expect(category.json().error).toContain("Allowed choices are session, structure, decision, other");
    const proposal = (text: string) => {
      writeFileSync(join(root, "proposal.json"), text);
      return keel(
        alpha,
        "cleanup",
        "apply",
        "--token",
        "t",
        "--proposal",
        join(root, "proposal.json"),
        "--json",
      );
    };
    const notJson = proposal("{revision");
    expect(notJson.status).toBe(2);
    expect(notJson.json()).toMatchObject({ hint: "write it with keel memory cleanup plan --json" });
    expect(notJson.json().error).toContain("is not a cleanup proposal: it is not JSON");
    const noIds = proposal('{"revision": 1}');
    expect(noIds.status).toBe(2);
    expect(noIds.json().error).toMatch(/INVALID_INPUT: .*removeIds \(field proposal\)/);
    const outside = mkdtempSync(join(tmpdir(), "keel-no-git-"));
    expect(runKeel(["memory", "status"], { cwd: outside, env }).status).toBe(2);
    rmSync(outside, { recursive: true, force: true });
  });
});
