// Shell completion scripts for keel, written from a plain description of its verbs (name, subcommands, options):
// bash (complete -F), zsh (through bashcompinit) and fish (complete -c). Pure: the description in, the script out.

export interface VerbShape {
  name: string;
  /** Second-level verbs (`memory search`), empty for a verb without any. */
  subcommands: string[];
  /** Long options the verb and its subcommands take. */
  options: string[];
}

export type Shell = "bash" | "zsh" | "fish";
export const SHELLS: readonly Shell[] = ["bash", "zsh", "fish"];

const GLOBAL = ["--help", "--version", "--json", "--no-color"];
const words = (list: readonly string[]) => list.join(" ");

function bash(verbs: readonly VerbShape[]): string {
  const cases = verbs.map(
    (v) => `    ${v.name}) words="${words([...v.subcommands, ...v.options, "--help", "--json"])}" ;;`,
  );
  return [
    "# keel completion for bash: add `source <(keel completion bash)` to ~/.bashrc",
    "_keel() {",
    '  local cur="${COMP_WORDS[COMP_CWORD]}" words=""',
    '  if [ "$COMP_CWORD" -eq 1 ]; then',
    `    COMPREPLY=( $(compgen -W "${words([...verbs.map((v) => v.name), ...GLOBAL])}" -- "$cur") )`,
    "    return",
    "  fi",
    '  case "${COMP_WORDS[1]}" in',
    ...cases,
    "  esac",
    '  if [ -n "$words" ] && { [ "$COMP_CWORD" -eq 2 ] || [[ "$cur" == -* ]]; }; then',
    '    COMPREPLY=( $(compgen -W "$words" -- "$cur") )',
    "  else",
    '    COMPREPLY=( $(compgen -f -- "$cur") )',
    "  fi",
    "}",
    "complete -o default -F _keel keel",
    "",
  ].join("\n");
}

function zsh(verbs: readonly VerbShape[]): string {
  return [
    "# keel completion for zsh: add `source <(keel completion zsh)` to ~/.zshrc",
    "autoload -U +X bashcompinit && bashcompinit",
    bash(verbs).split("\n").slice(1).join("\n"),
  ].join("\n");
}

function fish(verbs: readonly VerbShape[]): string {
  const lines = [
    "# keel completion for fish: keel completion fish > ~/.config/fish/completions/keel.fish",
    "complete -c keel -f",
    ...verbs.map((v) => `complete -c keel -n __fish_use_subcommand -a ${v.name}`),
    ...GLOBAL.map((o) => `complete -c keel -n __fish_use_subcommand -l ${o.slice(2)}`),
  ];
  for (const v of verbs) {
    if (v.subcommands.length > 0)
      lines.push(`complete -c keel -n "__fish_seen_subcommand_from ${v.name}" -a "${words(v.subcommands)}"`);
    for (const o of v.options)
      lines.push(`complete -c keel -n "__fish_seen_subcommand_from ${v.name}" -l ${o.slice(2)}`);
  }
  return `${lines.join("\n")}\n`;
}

export function completionScript(shell: Shell, verbs: readonly VerbShape[]): string {
  return shell === "bash" ? bash(verbs) : shell === "zsh" ? zsh(verbs) : fish(verbs);
}
