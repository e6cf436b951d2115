// Rules for the CLIs of hosting platforms, SaaS services, forges, registries and local clusters: each named
// tool whose subcommand (within its first words) deletes, destroys, purges, unsets, cancels, yanks or turns
// off something. Listing, reading, deploying and dry runs pass.
import { found, hasFlag, isDryRun, type Rule } from "./args.ts";

/** Tool → the pack its findings belong to (see packs/). */
export const PLATFORM_TOOLS: Record<string, string> = Object.fromEntries([
  ...[
    "vercel",
    "netlify",
    "fly",
    "flyctl",
    "heroku",
    "railway",
    "render",
    "wrangler",
    "doctl",
    "hcloud",
    "linode-cli",
    "stripe",
    "auth0",
    "supabase",
    "cloudflared",
    "vault",
    "doppler",
    "op",
    "sentry-cli",
    "upstash",
    "mongocli",
    "atlas",
    "pscale",
    "neonctl",
    "turso",
    "amplify",
    "eb",
    "dokku",
    "surge",
    "koyeb",
    "scalingo",
    "clever",
    "okta",
    "twilio",
    "sst",
    "infisical",
    "fastly",
    "akamai",
    "algolia",
    "firebase",
    "azd",
    "ibmcloud",
    "oci",
    "exoscale",
    "scw",
    "vultr-cli",
    "civo",
    "northflank",
    "porter",
  ].map((tool) => [tool, "hosting"]),
  ...["gh", "glab", "tea", "hub", "bb", "jira", "linear"].map((tool) => [tool, "forges"]),
  ...["crane", "skopeo", "oras", "regctl", "twine", "dotnet", "nuget", "cargo", "gem"].map((tool) => [
    tool,
    "registries",
  ]),
  ...["kind", "k3d", "minikube", "eksctl", "argocd", "flux", "k3s", "microk8s", "rancher", "velero"].map(
    (tool) => [tool, "clusters"],
  ),
]);

const DESTRUCTIVE_VERB =
  /^(delete|destroy|remove|rm|purge|terminate|teardown|down|unset|reset|wipe|drop|cancel|yank|unpublish|disable|revoke|delete-[\w-]+|[\w-]+:(destroy|delete|remove|unset|reset|wipe|disable|purge|rollback))$/;

/** Words that look like verbs but only read or are routine in these CLIs. */
const BENIGN_AFTER = new Set(["list", "ls", "get", "show", "view", "status", "describe", "help"]);

const platform: Rule = ([name, ...args]) => {
  if (name === undefined || !(name in PLATFORM_TOOLS) || isDryRun(args) || hasFlag(args, "", ["--what-if"]))
    return undefined;
  const words = args.filter((arg) => !arg.startsWith("-")).slice(0, 4);
  const at = words.findIndex(
    (word) => DESTRUCTIVE_VERB.test(word) || word.split(":").some((part) => DESTRUCTIVE_VERB.test(part)),
  );
  if (at < 0 || words.slice(0, at).some((word) => BENIGN_AFTER.has(word))) return undefined;
  if (name === "dotnet" && !(words[0] === "nuget" && words[1] === "delete")) return undefined;
  if (name === "cargo" && words[0] !== "yank") return undefined;
  if (name === "gem" && words[0] !== "yank") return undefined;
  return found(
    "platform-delete",
    `${name} ${words.slice(0, at + 1).join(" ")} deletes or turns off what it names`,
  );
};

/** `cargo owner --remove`, `gem owner --remove`, `npm owner rm`, `npm dist-tag rm`: registry access or tags. */
const registryAccess: Rule = ([name, ...args]) => {
  if (name === undefined || isDryRun(args)) return undefined;
  if ((name === "cargo" || name === "gem") && args[0] === "owner" && hasFlag(args, "r", ["--remove"]))
    return found("registry-access", `${name} owner --remove takes a maintainer's rights away`);
  const words = args.filter((arg) => !arg.startsWith("-"));
  if (
    /^(npm|pnpm|yarn)$/.test(name) &&
    /^(owner|dist-tag|dist-tags)$/.test(words[0] ?? "") &&
    /^(rm|remove)$/.test(words[1] ?? "")
  )
    return found(
      "registry-access",
      `${name} ${words[0]} ${words[1]} removes a maintainer or a published tag`,
    );
  return undefined;
};

export const PLATFORM_RULES: Rule[] = [platform, registryAccess];
