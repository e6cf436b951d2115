// Which targets make a recursive delete or permission change catastrophic: the root, home, the working tree
// as a whole, top-level system folders, and an unset variable that would leave a bare "/".

const WHOLE_TREE = new Set([".", "./", "./*", "..", "../", "../*", "*", ".*", "/*", "/.*", "~", "~/", "~/*"]);
const HOME_VARS = /^(\$HOME|\$\{HOME\}|\$USERPROFILE)(\/\*?)?$/;
const HOME_CHILD = /^(~|\$HOME|\$\{HOME\})\/[^/]+\/?$/;
const TOP_LEVEL = /^\/[^/]+\/?\*?$/;
const USER_HOME = /^\/(home|Users)\/[^/]+\/?\*?$/;
const BARE_VARIABLE = /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?(\/\*?)?$/;

export type TargetRisk = "root" | "home" | "tree" | "system" | "unset-variable";

export function targetRisk(raw: string): TargetRisk | undefined {
  const target = raw.replace(/\/{2,}/g, "/");
  if (target === "/") return "root";
  if (WHOLE_TREE.has(target))
    return target.startsWith("~") ? "home" : target.startsWith("/") ? "root" : "tree";
  if (HOME_VARS.test(target) || HOME_CHILD.test(target) || USER_HOME.test(target)) return "home";
  if (TOP_LEVEL.test(target)) return "system";
  if (BARE_VARIABLE.test(target) && target.includes("/")) return "unset-variable";
  return undefined;
}
