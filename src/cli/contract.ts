// `keel contract list|add|remove`: the owner's view of the contract. Project writes go to the store,
// `--global` writes go to the personal layer file; seed and team rules are listed but not removed here.
import type { Command } from "commander";
import { UserError } from "../core/errors.ts";
import { readContractFile, writeContractFile } from "../guard/contract/files.ts";
import { canRemove, RULE_TEXT_MAX } from "../guard/contract/layers.ts";
import { oneLine, slug } from "../guard/text.ts";
import { deleteRule, putRule } from "../store/guard-journal.ts";
import type { CommandContext } from "./context.ts";
import { projectContract, withProjectStore } from "./project-store.ts";
import type { Register } from "./register.ts";

interface ScopeOption {
  global?: boolean;
  id?: string;
}

export const registerContract: Register = (program, contextFor) => {
  const contract = program.command("contract").description("the rules keel puts in front of the agent");
  contract
    .command("list")
    .description("the effective contract: seed, personal, team and project rules")
    .action(async (_options: unknown, command: Command) => list(contextFor(command)));
  contract
    .command("add")
    .description("add (or reword, with --id) a project rule, or a personal one with --global")
    .argument("<text...>", "the rule, one line")
    .option("--id <id>", "rule id; reuse an existing id to reword it")
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

/** The personal layer's rules; a file keel cannot read is never rewritten. */
function writablePersonalLayer(ctx: CommandContext) {
  const layer = readContractFile(ctx.paths.personalContract, "personal");
  if (layer.problem) throw new UserError(`not touching a contract file keel cannot read: ${layer.problem}`);
  return layer;
}

async function list(ctx: CommandContext): Promise<void> {
  await withProjectStore(ctx, async ({ store, project }) => {
    const contract = await projectContract(ctx, { store, project });
    ctx.out.result(contract, [
      ...contract.rules.map((r) => `${r.id.padEnd(30)} ${r.source.padEnd(8)} ${r.text}`),
      ...contract.problems.map((p) => `ignored: ${p}`),
    ]);
  });
}

async function add(ctx: CommandContext, words: string[], options: ScopeOption): Promise<void> {
  const text = oneLine(words.join(" "), RULE_TEXT_MAX);
  if (text === "") throw new UserError("the rule is empty");
  const id = options.id?.trim() || slug(text);
  if (options.global) {
    const layer = writablePersonalLayer(ctx);
    writeContractFile(ctx.paths.personalContract, [
      ...layer.rules.filter((r) => r.id !== id),
      { id, text, source: "personal" },
    ]);
    ctx.out.result(
      { id, text, scope: "personal", file: ctx.paths.personalContract },
      `added ${id} to your personal layer`,
    );
    return;
  }
  await withProjectStore(ctx, async ({ store, project }) => {
    await putRule(store.db, { projectId: project.id, id, text, source: "owner", createdAt: ctx.clock.now() });
    ctx.out.result({ id, text, scope: "project" }, `added ${id} to this project's contract`);
  });
}

async function remove(ctx: CommandContext, id: string, options: ScopeOption): Promise<void> {
  if (options.global) {
    const layer = writablePersonalLayer(ctx);
    if (!layer.rules.some((r) => r.id === id)) throw new UserError(`no personal rule "${id}"`, 1);
    writeContractFile(
      ctx.paths.personalContract,
      layer.rules.filter((r) => r.id !== id),
    );
    ctx.out.result({ id, scope: "personal" }, `removed ${id} from your personal layer`);
    return;
  }
  await withProjectStore(ctx, async ({ store, project }) => {
    const contract = await projectContract(ctx, { store, project });
    const decision = canRemove(
      contract.rules.find((r) => r.id === id),
      "owner",
      "project",
    );
    if (!decision.ok) throw new UserError(`cannot remove "${id}": ${decision.reason}`, 1);
    await deleteRule(store.db, project.id, id);
    ctx.out.result({ id, scope: "project" }, `removed ${id} from this project's contract`);
  });
}
