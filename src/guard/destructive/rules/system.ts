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

export const SYSTEM_RULES: Rule[] = [crontab, firewall, unpublish];
