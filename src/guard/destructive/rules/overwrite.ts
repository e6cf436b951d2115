// Rules for overwriting or moving away what matters: a file that matters (system configuration, keys and
// shell setup, lockfiles and manifests, the repository's own files) replaced by `mv`, `cp`, `ln -f`,
// `install`, `tee` or a truncating redirect; and whole trees (home, the project, .git) moved away.
import { found, operands, type Rule } from "./args.ts";
import { isCatastrophic, isImportantFile, targetRisk } from "./paths.ts";

const COPIERS = new Set(["mv", "cp", "ln", "install", "rsync"]);

const copyOnto: Rule = ([name, ...args]) => {
  if (name === undefined || !COPIERS.has(name)) return undefined;
  if (name === "ln" && !args.some((arg) => /^-[A-Za-z]*f/.test(arg) || arg === "--force")) return undefined;
  const paths = operands(args);
  const destination = paths.at(-1);
  if (paths.length >= 2 && destination !== undefined && isImportantFile(destination))
    return found("overwrite-important", `${name} replaces ${destination}, a file that matters`);
  return name === "mv" ? moveAway(paths) : undefined;
};

/** `mv ~/project /tmp/x`, `mv .git old`, `mv /etc/sudoers /tmp/`: the tree or file is gone from its place. */
function moveAway(paths: string[]) {
  for (const source of paths.slice(0, -1)) {
    const risk = targetRisk(source);
    if (risk && (isCatastrophic(risk) || risk === "tree" || risk === "repository"))
      return found("mv-tree-away", `moves ${source} away from where it belongs`);
    if (isImportantFile(source)) return found("mv-tree-away", `moves ${source}, a file that matters`);
  }
  return undefined;
}

const tee: Rule = ([name, ...args]) => {
  if (name !== "tee" || args.some((arg) => arg === "-a" || arg === "--append" || /^-[A-Za-z]*a/.test(arg)))
    return undefined;
  const target = operands(args).find(isImportantFile);
  return target ? found("overwrite-important", `tee replaces ${target}, a file that matters`) : undefined;
};

const redirect: Rule = (_argv, { source }) => {
  const target = source.truncates.find(isImportantFile);
  return target
    ? found("overwrite-important", `a redirect empties and rewrites ${target}, a file that matters`)
    : undefined;
};

export const OVERWRITE_RULES: Rule[] = [copyOnto, tee, redirect];
