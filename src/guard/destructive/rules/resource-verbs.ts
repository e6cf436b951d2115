// The rule for command-line tools no other rule knows: a subcommand among the first words that deletes,
// destroys, purges, drops, prunes, erases or terminates (`influx bucket delete`, `vagrant destroy`,
// `nats stream rm`, `aiven service terminate`, `twilio api:…:remove`, `rabbitmqctl delete_queue`,
// `diskutil eraseDisk`), or an option of that kind (`kafka-topics --delete`, `nomad job stop -purge`).
// Words are split at `-`, `_`, `:` and camelCase, so `delete-queue` and `eraseDisk` read as verbs. Tools with
// rules of their own, package managers (removing a dependency), and tools that print or search text are left
// to those rules or pass; dry runs, help and listings pass.
import { found, isDryRun, type Rule } from "./args.ts";
import { PLATFORM_TOOLS } from "./platforms.ts";

/** Verbs that destroy what they name. `remove`/`rm` count as subcommands only (never as a tool's name). */
const VERBS = new Set([
  "delete",
  "destroy",
  "remove",
  "rm",
  "purge",
  "drop",
  "prune",
  "erase",
  "wipe",
  "terminate",
  "nuke",
  "teardown",
  "deprovision",
  "decommission",
  "unpublish",
  "yank",
  "truncate",
]);

/** Options of the same kind, as whole words. */
const VERB_OPTIONS = /^--?(delete|destroy|purge|prune|drop|drop-database|wipe|erase|force-delete)$/;

/** Tools whose own rules decide (and may pass on purpose), and tools where these words are routine. */
const LEFT_ALONE = new Set([
  // Own rules: files, git, containers, clusters, clouds, IaC, databases, HTTP.
  ...["rm", "unlink", "rmdir", "find", "git", "rsync", "tar", "mv", "cp", "ln"],
  ...["docker", "podman", "nerdctl", "docker-compose", "podman-compose", "kubectl", "oc", "k", "helm"],
  ...["aws", "gcloud", "gsutil", "az", "terraform", "tofu", "terragrunt", "pulumi", "mc", "rclone"],
  ...["curl", "wget", "http", "https", "xh", "xhs", "curlie", "redis-cli", "psql", "mysql", "sqlite3"],
  // Package and toolchain managers: removing a dependency or a toolchain is routine and undone by reinstalling.
  ...["npm", "pnpm", "yarn", "bun", "npx", "pip", "pip3", "pipx", "uv", "poetry", "pdm", "conda", "mamba"],
  ...["go", "gem", "bundle", "composer", "mix", "brew", "port", "apt", "apt-get", "dnf", "yum", "pacman"],
  ...[
    "apk",
    "zypper",
    "snap",
    "flatpak",
    "choco",
    "winget",
    "scoop",
    "rustup",
    "nvm",
    "fnm",
    "volta",
    "asdf",
  ],
  ...["mise", "pyenv", "rbenv", "sdk", "code", "cursor", "vim", "nvim", "emacs", "nano", "git-lfs"],
  // Tools that print, search or document text.
  ...["echo", "printf", "grep", "egrep", "rg", "ag", "ack", "cat", "less", "more", "man", "tldr", "info"],
  ...["which", "type", "whatis", "apropos", "sed", "awk", "jq", "yq", "head", "tail", "wc", "sort", "test"],
  ...["ls", "cd", "mkdir", "touch", "open", "xdg-open", "history", "alias", "export", "set", "true", "false"],
  // Test runners and checkers: a word after them is a test or file filter (`pytest -k delete`).
  ...[
    "pytest",
    "jest",
    "vitest",
    "mocha",
    "ava",
    "tap",
    "tsc",
    "eslint",
    "biome",
    "prettier",
    "ruff",
    "mypy",
  ],
  // Interpreters: their own rules read inline code; a word after them names a script.
  ...["node", "nodejs", "deno", "python", "python3", "ruby", "perl", "php", "sh", "bash", "zsh", "eval"],
]);

/** A listing or read before the verb means the verb is an operand (`gh issue list --search delete`). */
const READS = new Set(["list", "ls", "get", "show", "view", "describe", "status", "help", "search", "info"]);
const MAX_SUBCOMMAND_WORDS = 4;

/** `eraseDisk` → erase, disk; `delete_queue` → delete, queue; `api:core:messages:remove` → …, remove. */
function pieces(word: string): string[] {
  return word
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_:\s]+/);
}

/** The first words that are not options, skipping the value after a long option written apart. */
function subcommandWords(args: string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < MAX_SUBCOMMAND_WORDS; i++) {
    const arg = args[i] as string;
    if (arg === "--") break;
    if (arg.startsWith("-")) {
      if (arg.startsWith("--") && !arg.includes("=") && /^[\w.:-]+$/.test(args[i + 1] ?? "")) i++;
      continue;
    }
    if (!/^[A-Za-z][\w:-]*$/.test(arg)) return words;
    words.push(arg);
  }
  return words;
}

const resourceVerb: Rule = ([name, ...args]) => {
  if (name === undefined || LEFT_ALONE.has(name) || name in PLATFORM_TOOLS || isDryRun(args))
    return undefined;
  if (args.some((arg) => /^(-whatif|--what-if|-n|--no-act|--simulate)$/i.test(arg))) return undefined;
  const words = subcommandWords(args);
  for (const word of words) {
    if (READS.has(word)) return undefined;
    const verb = pieces(word).find((piece) => VERBS.has(piece));
    if (verb) return found("resource-delete", `${name} ${word} ${verbSentence(verb)}`);
  }
  const option = args.find((arg) => VERB_OPTIONS.test(arg));
  return option ? found("resource-delete", `${name} ${option} deletes what it names`) : undefined;
};

function verbSentence(verb: string): string {
  return verb === "prune" ? "deletes every unused item of its kind" : "deletes or destroys what it names";
}

export const RESOURCE_VERB_RULES: Rule[] = [resourceVerb];
