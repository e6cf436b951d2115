// Rules for files: recursive deletes of whole trees, deletes of paths handed in from input, find -delete,
// truncation through a bare redirect, recursive permission or ownership changes at the root, and kin.
import { found, hasFlag, operands, optionValue, type Rule } from "./args.ts";
import { targetRisk } from "./paths.ts";

const rm: Rule = ([name, ...args], { sudo, fed }) => {
  if (name !== "rm" && name !== "unlink") return undefined;
  if (args.includes("--no-preserve-root")) return found("rm-no-preserve-root", "rm told to delete the root");
  if (hasFlag(args, "r", ["--recursive"]) || hasFlag(args, "R")) {
    for (const target of operands(args)) {
      const risk = targetRisk(target);
      if (risk) return found(`rm-recursive-${risk}`, `recursive delete of ${target}`);
    }
  }
  if (fed) return found("rm-input-paths", "deletes every path it is handed, which the line does not show");
  return sudo ? found("sudo-rm", "rm with superuser rights") : undefined;
};

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

const permissions: Rule = ([name, ...args]) => {
  if (name !== "chmod" && name !== "chown" && name !== "chgrp") return undefined;
  if (!hasFlag(args, "R", ["--recursive"])) return undefined;
  const target = operands(args)
    .slice(1)
    .find((path) => targetRisk(path) && targetRisk(path) !== "tree");
  return target ? found(`${name}-recursive-system`, `recursive ${name} on ${target}`) : undefined;
};

const misc: Rule = ([name, ...args]) => {
  if (name === "mv" && args.at(-1) === "/dev/null") return found("mv-dev-null", "moves files into /dev/null");
  if (name === "kill" && args.includes("-1") && args.some((arg) => /^-(9|KILL|SIGKILL)$/.test(arg)))
    return found("kill-all", "kills every process the user owns");
  return undefined;
};

export const FILE_RULES: Rule[] = [rm, find, bareTruncation, truncate, permissions, misc];
