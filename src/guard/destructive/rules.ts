// The destructive-command rules: each looks at one simple command (argv after wrappers) or at the whole line,
// and names what it would destroy. Rules are narrow on purpose: text that merely mentions a command is words.
import { targetRisk } from "./paths.ts";
import { basename, isShell, type SimpleCommand, stripWrappers } from "./shell-words.ts";

export interface Finding {
  rule: string;
  reason: string;
}

type CommandRule = (argv: string[], sudo: boolean, command: SimpleCommand) => Finding | undefined;

/** Short options may be clustered (`-rf`); long ones stand alone. */
function hasFlag(args: string[], short: string, long: string[] = []): boolean {
  return args.some(
    (arg) =>
      long.includes(arg) ||
      (/^-[A-Za-z]+$/.test(arg) && !arg.startsWith("--") && arg.slice(1).includes(short)),
  );
}

function operands(args: string[]): string[] {
  const dash = args.indexOf("--");
  const before = (dash >= 0 ? args.slice(0, dash) : args).filter((arg) => !arg.startsWith("-"));
  return dash >= 0 ? [...before, ...args.slice(dash + 1)] : before;
}

const rm: CommandRule = ([name, ...args], sudo) => {
  if (name !== "rm") return undefined;
  if (args.includes("--no-preserve-root"))
    return { rule: "rm-no-preserve-root", reason: "rm told to delete the root" };
  const recursive = hasFlag(args, "r", ["--recursive"]) || hasFlag(args, "R");
  if (recursive) {
    for (const target of operands(args)) {
      const risk = targetRisk(target);
      if (risk) return { rule: `rm-recursive-${risk}`, reason: `recursive delete of ${target}` };
    }
  }
  return sudo ? { rule: "sudo-rm", reason: "rm with superuser rights" } : undefined;
};

const GIT_OPTIONS_WITH_VALUE = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);

function gitSubcommand(args: string[]): { sub: string | undefined; rest: string[] } {
  let i = 0;
  while (i < args.length && (args[i] as string).startsWith("-"))
    i += GIT_OPTIONS_WITH_VALUE.has(args[i] as string) ? 2 : 1;
  return { sub: args[i], rest: args.slice(i + 1) };
}

const git: CommandRule = ([name, ...args]) => {
  if (name !== "git") return undefined;
  const { sub, rest } = gitSubcommand(args);
  const ops = operands(rest);
  switch (sub) {
    case "push":
      if (hasFlag(rest, "f", ["--force"]) || ops.some((ref) => ref.startsWith("+")))
        return {
          rule: "git-push-force",
          reason: "force push rewrites the remote branch (use --force-with-lease)",
        };
      if (hasFlag(rest, "d", ["--delete"]) || ops.some((ref) => /^:[^:]/.test(ref)))
        return { rule: "git-push-delete", reason: "deletes a remote branch" };
      return undefined;
    case "reset":
      return rest.includes("--hard")
        ? { rule: "git-reset-hard", reason: "discards uncommitted work" }
        : undefined;
    case "clean":
      return hasFlag(rest, "f", ["--force"]) && !hasFlag(rest, "n", ["--dry-run"])
        ? { rule: "git-clean-force", reason: "deletes untracked files" }
        : undefined;
    case "checkout":
    case "restore":
      if (
        sub === "restore" &&
        (rest.includes("--staged") || rest.includes("-S")) &&
        !rest.includes("--worktree")
      )
        return undefined;
      if (hasFlag(rest, "f", ["--force"]) || ops.some((path) => [".", "*", ":/", "./"].includes(path)))
        return { rule: "git-discard-changes", reason: "discards uncommitted changes in the working tree" };
      return undefined;
    case "branch":
      return hasFlag(rest, "D") || (rest.includes("--delete") && rest.includes("--force"))
        ? { rule: "git-branch-force-delete", reason: "deletes a branch even when unmerged" }
        : undefined;
    case "stash":
      return rest[0] === "drop" || rest[0] === "clear"
        ? { rule: "git-stash-drop", reason: "drops stashed work" }
        : undefined;
    default:
      return undefined;
  }
};

const DISK_TOOLS = /^(mkfs(\..+)?|mke2fs|mkswap|wipefs|fdisk|sfdisk|parted|shred|blkdiscard)$/;
const BLOCK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|md|dm-|mapper\/|loop|rdisk)/;

const disks: CommandRule = ([name, ...args]) => {
  if (name === undefined) return undefined;
  if (DISK_TOOLS.test(name))
    return { rule: `disk-${name.split(".")[0]}`, reason: `${name} destroys data on its target` };
  if (name === "dd") {
    const target = args.find((arg) => arg.startsWith("of="))?.slice(3);
    if (target && BLOCK_DEVICE.test(target))
      return { rule: "dd-device", reason: `dd overwrites the device ${target}` };
  }
  return undefined;
};

const redirects: CommandRule = (_argv, _sudo, command) => {
  const device = command.writesTo.find((target) => BLOCK_DEVICE.test(target));
  return device ? { rule: "redirect-device", reason: `output written onto the device ${device}` } : undefined;
};

const permissions: CommandRule = ([name, ...args]) => {
  if (name !== "chmod" && name !== "chown" && name !== "chgrp") return undefined;
  if (!hasFlag(args, "R", ["--recursive"])) return undefined;
  const target = operands(args)
    .slice(1)
    .find((path) => targetRisk(path) && targetRisk(path) !== "tree");
  return target ? { rule: `${name}-recursive-system`, reason: `recursive ${name} on ${target}` } : undefined;
};

const find: CommandRule = ([name, ...args]) => {
  if (name !== "find") return undefined;
  if (args.includes("-delete")) return { rule: "find-delete", reason: "find deletes every match" };
  const exec = args.findIndex((arg) => arg === "-exec" || arg === "-execdir");
  if (exec >= 0 && ["rm", "shred"].includes(basename(args[exec + 1] ?? "")))
    return { rule: "find-exec-rm", reason: "find removes every match" };
  return undefined;
};

const misc: CommandRule = ([name, ...args]) => {
  if (name === "mv" && args.at(-1) === "/dev/null")
    return { rule: "mv-dev-null", reason: "moves files into /dev/null" };
  if (name === "kill" && args.includes("-1") && args.some((arg) => /^-(9|KILL|SIGKILL)$/.test(arg)))
    return { rule: "kill-all", reason: "kills every process the user owns" };
  return undefined;
};

export const COMMAND_RULES: CommandRule[] = [rm, git, disks, redirects, permissions, find, misc];

const DOWNLOADERS = new Set(["curl", "wget", "fetch"]);

/** A downloaded script handed to a shell: `curl … | sh`, `bash <(curl …)`, `sh -c "$(wget …)"`. */
export function remoteScriptFinding(commands: SimpleCommand[]): Finding | undefined {
  const names = commands.map((command) => basename(stripWrappers(command.argv).argv[0] ?? ""));
  if (!names.some((name) => DOWNLOADERS.has(name))) return undefined;
  const shellReadingStdin = commands.some((command) => {
    const [head, ...rest] = stripWrappers(command.argv).argv;
    if (!head || !isShell(head)) return false;
    const inputs = rest.filter((arg) => !arg.startsWith("-"));
    return command.piped || inputs.length === 0 || rest.some((arg) => /^-[a-z]*[cs][a-z]*$/.test(arg));
  });
  return shellReadingStdin
    ? { rule: "remote-script-shell", reason: "runs a downloaded script in a shell" }
    : undefined;
}

const FORK_BOMB = /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/;

export function lineFinding(line: string): Finding | undefined {
  return FORK_BOMB.test(line) ? { rule: "fork-bomb", reason: "a fork bomb" } : undefined;
}
