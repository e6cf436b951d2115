import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("contract-add");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const repo = initRepo(join(root, "repo"));
const keel = (args: string[]) => runKeel(args, { cwd: repo, env });
const projectRules = () =>
  (
    JSON.parse(keel(["contract", "list", "--json"]).stdout).rules as Array<{
      id: string;
      text: string;
      origin: string;
    }>
  ).filter((r) => r.origin === "project" || r.origin === "owner");

describe("keel contract add", () => {
  it("keeps both rules when their derived ids collide", () => {
    expect(keel(["contract", "add", "Never push to main"]).status).toBe(0);
    expect(keel(["contract", "add", "never push to main!!!"]).status).toBe(0);
    expect(keel(["contract", "add", "日本語のルール"]).status).toBe(0);
    expect(keel(["contract", "add", "другое правило"]).status).toBe(0);
    const texts = projectRules().map((r) => r.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Never push to main",
        "never push to main!!!",
        "日本語のルール",
        "другое правило",
      ]),
    );
    expect(new Set(projectRules().map((r) => r.id)).size).toBe(projectRules().length);
  });

  it("refuses an existing --id unless --replace is given", () => {
    expect(keel(["contract", "add", "--id", "tests", "Run the tests"]).status).toBe(0);
    const again = keel(["contract", "add", "--id", "tests", "Skip the tests"]);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/already exists .*--replace/);
    expect(projectRules().find((r) => r.id === "tests")?.text).toBe("Run the tests");
    expect(keel(["contract", "add", "--id", "tests", "--replace", "Run all the tests"]).status).toBe(0);
    expect(projectRules().find((r) => r.id === "tests")?.text).toBe("Run all the tests");
  });

  it("applies the same rule to the personal layer", () => {
    expect(keel(["contract", "add", "--global", "Be brief"]).status).toBe(0);
    expect(keel(["contract", "add", "--global", "be brief!"]).status).toBe(0);
    const personal = (
      JSON.parse(keel(["contract", "list", "--json"]).stdout).rules as Array<{ text: string; origin: string }>
    )
      .filter((r) => r.origin === "personal")
      .map((r) => r.text);
    expect(personal).toEqual(expect.arrayContaining(["Be brief", "be brief!"]));
  });
});
