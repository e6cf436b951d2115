// `keel completion bash|zsh|fish`: prints a completion script. It registers every verb's module into a scratch
// program once to read their subcommands and options, so the script always matches the CLI it came from.
import { Command } from "commander";
import { COMMANDS } from "./commands.ts";
import { completionScript, SHELLS, type Shell, type VerbShape } from "./completion-script.ts";
import { addVerb, type ContextFactory, type Register } from "./register.ts";

const longOptions = (command: Command): string[] =>
  command.options.map((o) => o.long).filter((flag): flag is string => Boolean(flag));

/** Each verb with its subcommands and options, as the verb's module registers them. */
async function describeVerbs(): Promise<VerbShape[]> {
  const scratch = new Command("keel");
  const unused: ContextFactory = () => {
    throw new Error("completion only reads the command tree");
  };
  const loaded = new Set<Register>();
  for (const entry of COMMANDS) {
    const register = await entry.load();
    if (loaded.has(register)) continue;
    loaded.add(register);
    register(scratch, unused);
  }
  return COMMANDS.map((entry) => {
    const verb = scratch.commands.find((c) => c.name() === entry.name);
    const subs = verb?.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden) ?? [];
    const options = new Set([...(verb ? longOptions(verb) : []), ...subs.flatMap(longOptions)]);
    return { name: entry.name, subcommands: subs.map((c) => c.name()), options: [...options].sort() };
  });
}

export const registerCompletion: Register = (program, contextFor) => {
  addVerb(program, "completion")
    .argument("<shell>", `one of ${SHELLS.join(", ")}`)
    .action(async (shell: string, _options: unknown, command: Command) => {
      if (!SHELLS.includes(shell as Shell))
        command.error(`error: no completion for "${shell}": choose ${SHELLS.join(", ")}`, { exitCode: 2 });
      const ctx = contextFor(command);
      const script = completionScript(shell as Shell, await describeVerbs());
      ctx.out.result({ shell, script }, script.trimEnd());
    });
};
