// Rules for files: recursive deletes of whole trees, deletes of paths handed in from input, find -delete,
// truncation through a bare redirect, recursive permission or ownership changes at the root, and kin.
import { type Finding, found, hasFlag, operands, optionValue, type Rule, type RuleView } from "./args.ts";
import { isCatastrophic, isProtectedFile, targetRisk } from "./paths.ts";

const REMOVERS = new Set(["rm", "unlink", "srm", "del", "erase", "rd", "rmdir", "remove-item", "ri"]);

const rm: Rule = ([name, ...args], { sudo, fed, source }, view) => {
  if (name !== "rm" && name !== "unlink" && name !== "srm") return undefined;
  if (args.includes("--no-preserve-root")) return found("rm-no-preserve-root", "rm told to delete the root");
  if (name === "rm" && asksFirst(args) && !fed && !source.piped && source.stdin === undefined)
    return undefined;
  const recursive = hasFlag(args, "r", ["--recursive"]) || hasFlag(args, "R") || name === "srm";
  for (const target of operands(args)) {
    const finding = recursive ? treeDelete(target, view) : undefined;
    if (finding) return finding;
    if (isProtectedFile(target)) return found("rm-important-file", `deletes ${target}, a file that matters`);
  }
  if (fed) return found("rm-input-paths", "deletes every path it is handed, which the line does not show");
  return sudo ? found("sudo-rm", "rm with superuser rights") : undefined;
};

/**
 * `rm -i`, `rm -rI`, `--interactive`: rm asks before deleting (and, with no terminal, deletes nothing), unless
 * a later -f or --interactive=never turns that off. A line that pipes answers in (`yes | rm -ri ~`) is judged.
 */
function asksFirst(args: string[]): boolean {
  let asks = false;
  for (const arg of args) {
    if (arg === "--") break;
    if (arg === "--force" || arg === "--interactive=never") asks = false;
    else if (arg === "--interactive" || /^--interactive=(always|once)$/.test(arg)) asks = true;
    else if (/^-[A-Za-z]+$/.test(arg))
      for (const flag of arg.slice(1)) {
        if (flag === "i" || flag === "I") asks = true;
        else if (flag === "f") asks = false;
      }
  }
  return asks;
}

/** A recursive delete of `target`: judged by the project when the screen knows it, by the text otherwise. */
export function treeDelete(target: string, view: RuleView): Finding | undefined {
  const risk = targetRisk(target) ?? (view.paths && target.startsWith("/") ? "absolute" : undefined);
  if (!risk) return undefined;
  if (isCatastrophic(risk) || risk === "unset-variable" || !view.paths)
    return found(`rm-recursive-${risk}`, `recursive delete of ${target}`);
  switch (view.paths(target)) {
    case "changed":
    case "untracked":
      return found(
        "rm-recursive-uncommitted",
        `recursive delete of ${target}, which holds work git cannot restore`,
      );
    case "outside":
      return found("rm-recursive-outside", `recursive delete of ${target}, outside the project`);
    case "project":
      return found(
        `rm-recursive-${risk === "repository" ? "repository" : "tree"}`,
        `recursive delete of ${target}`,
      );
    default:
      return undefined;
  }
}

export function isRemover(name: string): boolean {
  return REMOVERS.has(name.toLowerCase());
}

const find: Rule = ([name, ...args]) =>
  name === "find" && args.includes("-delete") ? found("find-delete", "find deletes every match") : undefined;

const NO_OP = new Set([":", "true"]);
const HARMLESS_SINKS = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;

/** `: > file`, `> file`, `true > file`: empties the file without a command that writes anything. */
const bareTruncation: Rule = (_argv, { source }) => {
  const [head, ...rest] = source.argv;
  if (rest.length > 0 || (head !== undefined && !NO_OP.has(head))) return undefined;
  const target = source.truncates.find((path) => !HARMLESS_SINKS.test(path));
  return target ? found("truncate-redirect", `empties ${target} through a bare redirect`) : undefined;
};

const truncate: Rule = ([name, ...args]) => {
  if (name !== "truncate") return undefined;
  const size = optionValue(args, ["-s", "--size"]);
  return size !== undefined && /^0+[KMGTPE]?$/i.test(size)
    ? found("truncate-zero", "truncates files to zero bytes")
    : undefined;
};

/** Owners that are the user running the command: handing the tree to yourself loses nothing. */
const SELF_OWNER = /^(\$USER|\$\{USER\}|\$__keel_sub_\d+|\$\(id -u\)|\$\(whoami\))(:|$)/;
/** Modes that only add rights for the owner or keep ordinary ones (`u+w`, `+x`, `755`, `644`). */
const HARMLESS_MODE = /^([ugoa]*\+[rwxX]+|[0-7]?[67][0-7][0-7])$/;

const permissions: Rule = ([name, ...args]) => {
  if (name !== "chmod" && name !== "chown" && name !== "chgrp") return undefined;
  if (!hasFlag(args, "R", ["--recursive"])) return undefined;
  const [spec = "", ...paths] = operands(args);
  const target = paths.find((path) => {
    const risk = targetRisk(path);
    if (risk === undefined || risk === "named" || risk === "absolute" || risk === "variable") return false;
    if (risk !== "tree" && risk !== "repository") return true;
    return name === "chmod" ? !HARMLESS_MODE.test(spec) || /7[67]$/.test(spec) : !SELF_OWNER.test(spec);
  });
  return target ? found(`${name}-recursive-system`, `recursive ${name} on ${target}`) : undefined;
};

const misc: Rule = ([name, ...args]) => {
  if (name === "mv" && args.at(-1) === "/dev/null") return found("mv-dev-null", "moves files into /dev/null");
  if (name === "tar" && /^-?[A-Za-z]*x/.test(args[0] ?? "")) {
    const into = optionValue(args, ["-C", "--directory"]);
    const risk = into === undefined ? undefined : targetRisk(into);
    if (risk && isCatastrophic(risk)) return found("tar-extract-over", `unpacks an archive over ${into}`);
  }
  if (name === "kill" && args.includes("-1") && args.some((arg) => /^-(9|KILL|SIGKILL)$/.test(arg)))
    return found("kill-all", "kills every process the user owns");
  return undefined;
};

export const FILE_RULES: Rule[] = [rm, find, bareTruncation, truncate, permissions, misc];
