// Orientation and preflight for a project: which convention files exist, the git state, contract files that
// parse, and whether the tools guard relies on are present. Reads the folder; changes nothing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { tryGit as git } from "../core/git.ts";
import { counted } from "../core/plural.ts";
import { readContractFile, TEAM_CONTRACT } from "./contract/files.ts";

export const CONVENTION_FILES = [
  "AGENTS.md",
  "AGENTS.override.md",
  "CLAUDE.md",
  "README.md",
  "CONTRIBUTING.md",
  ".keel/contract.json",
];

export interface GitState {
  repo: boolean;
  branch: string | null;
  head: string | null;
  dirtyFiles: number;
}

export function readGitState(cwd: string): GitState {
  const inside = git(cwd, ["rev-parse", "--is-inside-work-tree"]) === "true";
  if (!inside) return { repo: false, branch: null, head: null, dirtyFiles: 0 };
  const status = git(cwd, ["status", "--porcelain"]) ?? "";
  return {
    repo: true,
    branch: git(cwd, ["symbolic-ref", "--short", "-q", "HEAD"]) || null,
    head: git(cwd, ["rev-parse", "--verify", "-q", "HEAD"]) || null,
    dirtyFiles: status === "" ? 0 : status.split("\n").length,
  };
}

export function conventionFiles(root: string): string[] {
  return CONVENTION_FILES.filter((name) => existsSync(join(root, name)));
}

export interface PreflightCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export function preflight(root: string, personalContract: string): PreflightCheck[] {
  const gitVersion = git(root, ["--version"]);
  const state = readGitState(root);
  const team = readContractFile(join(root, TEAM_CONTRACT), "team");
  const personal = readContractFile(personalContract, "personal");
  return [
    {
      name: "git",
      ok: gitVersion !== null,
      detail: gitVersion ?? "git is not installed: scope audit and evidence stamps need it",
    },
    {
      name: "repository",
      ok: state.repo,
      detail: state.repo ? `branch ${state.branch ?? "(detached)"}` : "not a git repository",
    },
    {
      name: "baseline",
      ok: state.head !== null,
      detail: state.head ? state.head.slice(0, 12) : "no commit yet: the scope audit has no baseline",
    },
    {
      name: "shell",
      ok: existsSync("/bin/sh"),
      detail: existsSync("/bin/sh") ? "/bin/sh runs evidence commands" : "/bin/sh is missing",
    },
    {
      name: "team contract",
      ok: !team.problem,
      detail: team.problem ?? `${counted(team.rules.length, "rule")} in ${TEAM_CONTRACT}`,
    },
    {
      name: "personal contract",
      ok: !personal.problem,
      detail: personal.problem ?? counted(personal.rules.length, "rule"),
    },
  ];
}
