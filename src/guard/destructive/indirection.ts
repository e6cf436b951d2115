// Commands hidden behind indirection: the scripts an `eval`, a `trap`, an `alias`, a git alias or a `source`
// of a process substitution run, and the commands the line cannot show (named by a variable from outside,
// built from another command's output, or a shell reading text another program makes).
import { basename, isShell, shellPayload } from "../../core/shell/shell-words.ts";
import type { ParsedCommand } from "./syntax/index.ts";
import { SUBSTITUTION_WORD } from "./syntax/words.ts";

/** Tools whose printed output is meant for `eval` and only sets up the shell (`eval "$(direnv hook bash)"`). */
const SHELL_SETUP = new Set([
  "ssh-agent",
  "direnv",
  "pyenv",
  "rbenv",
  "nodenv",
  "goenv",
  "jenv",
  "brew",
  "starship",
  "zoxide",
  "fnm",
  "mise",
  "rtx",
  "opam",
  "conda",
  "keychain",
  "gpg-agent",
  "dircolors",
  "thefuck",
  "atuin",
  "register-python-argcomplete",
  "minikube",
  "docker-machine",
  "luarocks",
  "rustup",
  "kubectl",
  "gh",
]);

const PRINTERS = new Set(["echo", "printf"]);
const PLACEHOLDER = /(?:\/dev\/fd\/)?\$?__keel_sub_(\d+)/g;

/** The scripts this command runs by indirection, with substitutions the line shows filled in. */
export function indirectScripts(argv: string[], source: ParsedCommand): string[] {
  const [name, ...rest] = argv;
  if (name === "eval") return [fillSubstitutions(rest.join(" "), source)];
  if (name === "trap") return rest[0] === undefined || /^-[lp]?$/.test(rest[0]) ? [] : [rest[0]];
  if (name === "alias")
    return rest.filter((arg) => arg.includes("=")).map((arg) => arg.slice(arg.indexOf("=") + 1));
  if (name === "git") return gitAliasScripts(rest);
  if ((name === "source" || name === ".") && rest[0]?.startsWith("/dev/fd/"))
    return [fillSubstitutions(rest[0], source)];
  return [];
}

/** `git config alias.x '!rm -rf ~'`, `git -c alias.x='!…' x`: a shell alias runs its text in a shell. */
function gitAliasScripts(args: string[]): string[] {
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const inline = /^alias\.[^=]+=(.*)$/s.exec(arg);
    if (inline && args[i - 1] === "-c") scripts.push(aliasScript(inline[1] as string));
    if (/^alias\./.test(arg) && !arg.includes("=") && args[i + 1] !== undefined)
      scripts.push(aliasScript(args[i + 1] as string));
  }
  return scripts.filter((script) => script !== "");
}

function aliasScript(value: string): string {
  return value.startsWith("!") ? value.slice(1) : `git ${value}`;
}

/** Replaces each placeholder whose script only prints text by that text; drops shell-setup output. */
function fillSubstitutions(text: string, source: ParsedCommand): string {
  const texts = source.substitutionTexts ?? [];
  return text.replace(PLACEHOLDER, (whole, index: string) => {
    const script = texts[Number(index)];
    if (script === undefined) return whole;
    const printed = printedText(script);
    if (printed !== undefined) return printed;
    return SHELL_SETUP.has(basename(script.trim().split(/\s+/)[0] ?? "")) ? "" : whole;
  });
}

/** `echo rm -rf ~`, `printf 'rm -rf %s' ~`: what the script prints, when a printer alone makes it. */
function printedText(script: string): string | undefined {
  const words = script.trim().split(/\s+/);
  const name = basename(words[0] ?? "");
  if (!PRINTERS.has(name) || /[|;&`$]/.test(script)) return undefined;
  const args = words.slice(1).filter((word) => !/^-[neE]+$/.test(word));
  const text = args.join(" ").replace(/^(['"])(.*)\1/s, "$2");
  return name === "printf" ? text.replace(/%s/g, "").replace(/\\n/g, "\n") : text;
}

/** Why the line cannot show what this command runs, or undefined when it can. */
export function unknowableInput(argv: string[], source: ParsedCommand): string | undefined {
  const name = basename(argv[0] ?? "");
  if (name.startsWith(SUBSTITUTION_WORD) || name.startsWith(SUBSTITUTION_WORD.slice(1)))
    return "runs a command whose name is another command's output, which the line does not show";
  const variable = /\$\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(name);
  if (variable) return `runs the command named by $${variable[1]}, which is set outside this line`;
  if (
    isShell(name) &&
    source.piped &&
    source.stdin === undefined &&
    shellPayload(argv.slice(1)) === undefined
  ) {
    const producer = basename(source.producer?.argv[0] ?? "");
    if (readsNamedFile(argv) || producer === "cat" || DOWNLOADERS.has(producer)) return undefined;
    return producer
      ? `a shell runs the text ${producer} produces, which the line does not show`
      : "a shell runs piped text the line does not show";
  }
  return undefined;
}

const DOWNLOADERS = new Set(["curl", "wget", "fetch"]);

function readsNamedFile(argv: string[]): boolean {
  return argv.slice(1).some((arg) => !arg.startsWith("-"));
}
