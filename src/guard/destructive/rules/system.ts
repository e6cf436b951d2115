// Rules for the machine and the registry: removing a crontab, flushing firewall rules, unpublishing or
// yanking a published package.
import { found, hasFlag, isDryRun, positionals, type Rule } from "./args.ts";

const crontab: Rule = ([name, ...args]) => {
  if (name !== "crontab") return undefined;
  if (hasFlag(args, "r", ["--remove"]))
    return found("crontab-remove", "crontab -r deletes every scheduled job");
  return args.includes("/dev/null")
    ? found("crontab-remove", "replaces the crontab with an empty one")
    : undefined;
};

const IPTABLES = /^(ip6?tables(-nft|-legacy)?|ebtables|arptables)$/;

const firewall: Rule = ([name, ...args]) => {
  if (name !== undefined && IPTABLES.test(name) && hasFlag(args, "F", ["--flush"]))
    return found("firewall-flush", `${name} -F removes every rule in the chain`);
  if (name !== undefined && IPTABLES.test(name) && hasFlag(args, "X", ["--delete-chain"]))
    return found("firewall-flush", `${name} -X deletes chains`);
  if (
    name === "nft" &&
    /^(flush|delete|destroy)$/.test(positionals(args, new Set(["-f", "--file"]))[0] ?? "")
  )
    return found("firewall-flush", "nft flushes or deletes the ruleset");
  if (name === "ufw" && positionals(args, new Set())[0] === "reset")
    return found("firewall-flush", "ufw reset removes every rule");
  return undefined;
};

const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);

const unpublish: Rule = ([name, ...args]) => {
  if (name === undefined || isDryRun(args)) return undefined;
  const words = positionals(args, new Set(["--otp", "--registry", "--tag"]));
  if (
    PACKAGE_MANAGERS.has(name) &&
    (words[0] === "unpublish" || (words[0] === "npm" && words[1] === "unpublish"))
  )
    return found("package-unpublish", `${name} unpublish removes published versions from the registry`);
  if (name === "gem" && words[0] === "yank")
    return found("package-unpublish", "gem yank removes a published version");
  return undefined;
};

const POWER = new Set(["shutdown", "reboot", "poweroff", "halt"]);

/** Powering off or rebooting the machine, and kills that reach every process of a user or pattern. */
const power: Rule = ([name, ...args]) => {
  if (name === undefined) return undefined;
  if (POWER.has(name)) return found("power-off", `${name} stops the machine and everything running on it`);
  if ((name === "init" || name === "telinit") && /^[06]$/.test(args[0] ?? ""))
    return found("power-off", `${name} ${args[0]} stops the machine`);
  if (
    name === "systemctl" &&
    /^(poweroff|reboot|halt|kexec|suspend|hibernate|emergency|rescue)$/.test(
      args.find((arg) => !arg.startsWith("-")) ?? "",
    )
  )
    return found("power-off", "systemctl stops or reboots the machine");
  if (name === "launchctl" && /^(reboot|halt)$/.test(args[0] ?? ""))
    return found("power-off", `launchctl ${args[0]} stops or restarts the machine`);
  if (name === "killall5") return found("kill-all", "killall5 signals every process on the machine");
  if (name === "pkill" || name === "killall") return wideKill(name, args);
  if (name === "userdel" && hasFlag(args, "r", ["--remove"]))
    return found("user-delete", "userdel -r deletes the user's home directory");
  return undefined;
};

function wideKill(name: string, args: string[]) {
  const forceful =
    args.some((arg) => /^-(9|KILL|SIGKILL|s\s*(9|KILL))$/.test(arg)) ||
    args.join(" ").includes("--signal KILL");
  if (!forceful) return undefined;
  const pattern = args.filter((arg) => !arg.startsWith("-")).at(-1);
  if (hasFlag(args, "u", ["--user"]) || pattern === "." || pattern === ".*" || pattern === undefined)
    return found("kill-all", `${name} kills every process of a user or of any name`);
  return undefined;
}

export const SYSTEM_RULES: Rule[] = [crontab, firewall, unpublish, power];
