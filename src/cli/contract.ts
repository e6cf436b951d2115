// `keel contract list|add|remove`: the owner's view of the contract. Project writes go to the store,
// `--global` writes go to the personal layer file; the rules are the contract service's (src/guard/contract/edit.ts).
import type { Command } from "commander";
import { ExitCode, UserError } from "../core/errors.ts";
import type { Result } from "../core/result.ts";
import { contractCuts, describeCuts } from "../guard/brief.ts";
import {
  addPersonalRule,
  addProjectRule,
  type ContractProblem,
  loadEffectiveContract,
  type RuleChange,
  removePersonalRule,
  removeProjectRule,
} from "../guard/contract/edit.ts";
import { layerOf } from "../guard/contract/layers.ts";
import { guardScope } from "../guard/session/scope-of.ts";
import type { CommandContext } from "./context.ts";
import { withProjectStore } from "./project-store.ts";
import { addVerb, type Register } from "./register.ts";

interface ScopeOption {
  global?: boolean;
  id?: string;
  replace?: boolean;
}

export const registerContract: Register = (program, contextFor) => {
  const contract = addVerb(program, "contract");
  contract
    .command("list")
    .description("the effective contract: seed, personal, team and project rules")
    .action(async (_options: unknown, command: Command) => list(contextFor(command)));
  contract
    .command("add")
    .description("add a project rule (or a personal one with --global); --id with --replace rewords one")
    .argument("<text...>", "the rule, one line")
    .option("--id <id>", "rule id (derived from the text when omitted)")
    .option("--replace", "reword the rule with this --id if it exists")
    .option("-g, --global", "add to your personal layer (every project)")
    .action(async (words: string[], options: ScopeOption, command: Command) =>
      add(contextFor(command), words, options),
    );
  contract
    .command("remove")
    .description("remove a project rule, or a personal one with --global")
    .argument("<id>", "rule id")
    .option("-g, --global", "remove from your personal layer")
    .action(async (id: string, options: ScopeOption, command: Command) =>
      remove(contextFor(command), id, options),
    );
};

/** A refusal is exit 1; input or a file the user must fix is exit 2. */
function need(result: Result<RuleChange, ContractProblem>): RuleChange {
  if (result.ok) return result.value;
  const exit = result.reason.code === "NOT_FOUND" || result.reason.code === "REFUSED";
  throw new UserError(result.reason.message, exit ? ExitCode.checkFailed : ExitCode.usage);
}

async function list(ctx: CommandContext): Promise<void> {
  await withProjectStore(ctx, async (owner) => {
    const contract = await loadEffectiveContract(guardScope(owner));
    const cuts = contractCuts(contract.rules);
    ctx.out.result({ ...contract, briefCuts: cuts }, [
      ...contract.rules.map((r) => `${r.id.padEnd(30)} ${layerOf(r).padEnd(8)} ${r.text}`),
      ...contract.problems.map((p) => `ignored: ${p}`),
      ...describeCuts(cuts),
    ]);
  });
}

async function add(ctx: CommandContext, words: string[], options: ScopeOption): Promise<void> {
  const input = { text: words.join(" "), id: options.id, replace: options.replace };
  if (options.global) {
    const added = need(addPersonalRule(ctx.paths.personalContract, input));
    ctx.out.result(added, `${added.replaced ? "reworded" : "added"} ${added.id} in your personal layer`);
    return;
  }
  await withProjectStore(ctx, async (owner) => {
    const added = need(await addProjectRule(guardScope(owner), input));
    ctx.out.result(added, `${added.replaced ? "reworded" : "added"} ${added.id} in this project's contract`);
  });
}

async function remove(ctx: CommandContext, id: string, options: ScopeOption): Promise<void> {
  if (options.global) {
    const removed = need(removePersonalRule(ctx.paths.personalContract, id));
    ctx.out.result(removed, `removed ${id} from your personal layer`);
    return;
  }
  await withProjectStore(ctx, async (owner) => {
    const removed = need(await removeProjectRule(guardScope(owner), id));
    ctx.out.result(removed, `removed ${id} from this project's contract`);
  });
}
