// The screen with the project in view: a real git repository, judged through screenOptionsFor(cwd). Ignored
// output and clean tracked folders can be deleted; folders with uncommitted or untracked work, the project
// itself, .git and paths outside it ask. The team contract can switch a pack off.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { screenOptionsFor } from "../../src/guard/destructive/project-view.ts";
import { screenCommand } from "../../src/guard/destructive/screen.ts";
import { initRepo } from "../support/git-repo.ts";
import { tempDir } from "../support/temp.ts";

const base = tempDir("screen-project");
const root = initRepo(join(base, "app"), {
  ".gitignore": "generated/\n",
  "src/main.ts": "export const a = 1;\n",
  "docs/guide.md": "# guide\n",
});
mkdirSync(join(root, "generated"));
writeFileSync(join(root, "generated", "out.js"), "x");
writeFileSync(join(root, "src", "main.ts"), "export const a = 2;\n");
mkdirSync(join(root, "scratch"));
writeFileSync(join(root, "scratch", "idea.md"), "unsaved idea");
mkdirSync(join(base, "other"));

const judged = (line: string) => screenCommand(line, screenOptionsFor(root));

describe("deletes judged by git", () => {
  it("lets ignored output and clean tracked folders go", () => {
    expect(judged("rm -rf generated")).toEqual({ destructive: false });
    expect(judged("rm -rf docs")).toEqual({ destructive: false });
    expect(judged("python3 -c \"import shutil; shutil.rmtree('generated')\"")).toEqual({
      destructive: false,
    });
  });
  it("asks about uncommitted and untracked work", () => {
    expect(judged("rm -rf src")).toMatchObject({ rule: "rm-recursive-uncommitted", verdict: "ask" });
    expect(judged("rm -r scratch")).toMatchObject({ rule: "rm-recursive-uncommitted" });
  });
  it("asks about the project, its repository and paths outside it", () => {
    expect(judged("rm -rf .git")).toMatchObject({ rule: "rm-recursive-repository" });
    expect(judged(`rm -rf ${root}`)).toMatchObject({ rule: "rm-recursive-tree" });
    expect(judged("rm -rf ../other")).toMatchObject({ rule: "rm-recursive-outside" });
    expect(judged('rm -rf "$(pwd)"')).toMatchObject({ destructive: true });
  });
  it("stays conservative without a working directory", () => {
    expect(screenCommand("rm -rf generated")).toMatchObject({ rule: "rm-recursive-named" });
  });
  it("switches packs off from .keel/contract.json", () => {
    mkdirSync(join(root, ".keel"), { recursive: true });
    writeFileSync(
      join(root, ".keel", "contract.json"),
      JSON.stringify({ rules: [], screen: { packsOff: ["http"] } }),
    );
    expect(judged("curl -X DELETE https://api.example.org/x")).toEqual({ destructive: false });
    expect(screenCommand("curl -X DELETE https://api.example.org/x")).toMatchObject({ pack: "http" });
    rmSync(join(root, ".keel"), { recursive: true });
  });
});
