// Which targets make a recursive delete, move or permission change catastrophic or worth a question: the
// root, home, the working tree or its repository as a whole, system folders, an unset variable that would
// leave a bare "/", paths above the working tree, and (judged from text alone) any named folder that is not
// well-known regenerable output. Also which single files matter: system configuration, keys, lockfiles.

const WHOLE_TREE = new Set([".", "./", "./*", "*", ".*", "/*", "/.*", "~", "~/", "~/*"]);
const HOME_VARS = /^(\$HOME|\$\{HOME\}|\$USERPROFILE|%USERPROFILE%)(\/\*?)?$/;
const HOME_PATH = /^(~|\$HOME|\$\{HOME\})\//;
const TOP_LEVEL = /^\/[^/]+\/?\*?$/;
const USER_HOME = /^\/(home|Users)\/[^/]+\/?\*?$/;
const BARE_VARIABLE = /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?(\/\*?)?$/;
const WORKING_TREE = /^(\$PWD|\$\{PWD\})\/?\*?$/;
const REPOSITORY = /^(\.\/)?\.git\/?$/;
const SYSTEM =
  /^\/(etc|usr|var|opt|srv|boot|lib|lib32|lib64|bin|sbin|root|System|Library|Applications|private\/etc|proc|sys)(\/|$)/;
const SCRATCH =
  /^(\/tmp\/|\/var\/tmp\/|\/private\/tmp\/|\/var\/folders\/|\/dev\/shm\/|\$TMPDIR\/|\$\{TMPDIR\}\/|\$RUNNER_TEMP\/)/;
const WINDOWS_ROOT = /^[A-Za-z]:\\*\*?$/;

/** Output a build or tool makes again: deleting it loses nothing. */
const REGENERABLE = new Set([
  "node_modules",
  "dist",
  "build",
  "out",
  "target",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".cache",
  ".parcel-cache",
  ".angular",
  ".gradle",
  ".expo",
  ".dart_tool",
  "coverage",
  ".nyc_output",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  ".tox",
  ".eggs",
  "tmp",
  "temp",
  ".tmp",
  "storybook-static",
  "obj",
  "bin",
  "logs",
  ".venv",
  "venv",
]);

export type TargetRisk =
  | "root"
  | "home"
  | "tree"
  | "repository"
  | "system"
  | "outside"
  | "unset-variable"
  | "absolute"
  | "variable"
  | "named";

/** The risk of deleting `raw` wholesale; undefined for scratch space, regenerable output and plain files. */
export function targetRisk(raw: string): TargetRisk | undefined {
  const target = raw.replace(/\/{2,}/g, "/");
  if (target === "/" || WINDOWS_ROOT.test(target)) return "root";
  if (WHOLE_TREE.has(target))
    return target.startsWith("~") ? "home" : target.startsWith("/") ? "root" : "tree";
  if (HOME_VARS.test(target) || USER_HOME.test(target) || HOME_PATH.test(target)) return "home";
  if (WORKING_TREE.test(target)) return "tree";
  if (REPOSITORY.test(target)) return "repository";
  if (/^\.\.(\/|$)/.test(target)) return "outside";
  if (SCRATCH.test(target) || /^\/tmp\/?$/.test(target)) return undefined;
  if (TOP_LEVEL.test(target) || SYSTEM.test(target)) return "system";
  if (BARE_VARIABLE.test(target) && target.includes("/")) return "unset-variable";
  if (target.startsWith("/") || /^[A-Za-z]:\\/.test(target)) return "absolute";
  return namedRisk(target);
}

/** A relative path: regenerable output and things that look like single files pass; other folders are named. */
function namedRisk(target: string): TargetRisk | undefined {
  if (/^\$\{?[A-Za-z_]\w*\}?$/.test(target)) return "variable";
  if (target.startsWith("$") || target.startsWith("-") || target.includes("{}")) return undefined;
  const segments = target.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => REGENERABLE.has(segment) || /\.egg-info$/.test(segment))) return undefined;
  const last = segments.at(-1) ?? "";
  if (/^[^.*][^*]*\.[A-Za-z0-9]{1,5}$/.test(last)) return undefined;
  return "named";
}

/** Risks that stand whatever the project says about the path. */
export function isCatastrophic(risk: TargetRisk): boolean {
  return risk === "root" || risk === "home" || risk === "system";
}

const IMPORTANT_HOME =
  /^(~|\$HOME|\$\{HOME\})\/(\.ssh|\.aws|\.gnupg|\.kube|\.config\/gcloud|\.docker\/config\.json|\.netrc|\.npmrc|\.pypirc|\.gitconfig|\.bashrc|\.bash_profile|\.zshrc|\.zprofile|\.profile)(\/|$)/;
const IMPORTANT_SYSTEM = /^\/(etc|boot|proc\/sys|proc\/sysrq-trigger|sys)(\/|$)/;
const IMPORTANT_PROJECT =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|package\.json|Cargo\.toml|pyproject\.toml|go\.mod|\.env)$|(^|\/)\.git\//;

/** A file whose overwriting matters: system configuration, keys and shell setup, lockfiles, the repo. */
export function isImportantFile(raw: string): boolean {
  return isProtectedFile(raw) || IMPORTANT_PROJECT.test(raw);
}

/** A file whose deletion matters: system configuration, keys and shell setup (a lockfile can be rebuilt). */
export function isProtectedFile(raw: string): boolean {
  const target = raw.replace(/\/{2,}/g, "/");
  return IMPORTANT_HOME.test(target) || IMPORTANT_SYSTEM.test(target);
}
