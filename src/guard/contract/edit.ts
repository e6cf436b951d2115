// The contract service: adding (or rewording) and removing the owner's rules, in this project's store or in
// the personal layer file, with one validation and one removal rule for every surface (CLI, /keel, MCP).
// Seed and team rules are never removed here; a personal file keel cannot read is never rewritten.
import type { Clock } from "../../core/clock.ts";
import { ok, type Problem, problem, type Result } from "../../core/result.ts";
import type { KeelDb } from "../../store/db.ts";
import { deleteRule, listRules, putRule } from "../../store/guard-journal.ts";
import { type PlannedRule, planRule } from "./add-rule.ts";
import { type EffectiveContract, loadContract } from "./effective.ts";
import { readContractFile, writeContractFile } from "./files.ts";
import { canRemove } from "./layers.ts";

/** What the contract service needs: the project's store rows and the personal layer's file. */
export interface ContractScope {
  db: KeelDb;
  clock: Clock;
  projectId: string;
  projectRoot: string;
  personalContract: string;
}

/** `project`: this project's rules in the store; `personal`: the user's file, for every project. */
export type ContractLayer = "project" | "personal";

/** INVALID_INPUT and UNREADABLE are the caller's to fix (exit 2); NOT_FOUND and REFUSED are refusals. */
export type ContractProblem = Problem<"INVALID_INPUT" | "UNREADABLE" | "NOT_FOUND" | "REFUSED">;

export interface RuleChange {
  id: string;
  text?: string;
  /** True when an existing rule was reworded (asked for with `replace`). */
  replaced?: boolean;
  scope: ContractLayer;
  file?: string;
}

/** The effective contract: seed, personal, team and project rules. */
export function loadEffectiveContract(scope: ContractScope): Promise<EffectiveContract> {
  return loadContract({ ...scope, personalFile: scope.personalContract });
}

/** What a caller asks to add: the text, an optional id, and whether an existing id may be reworded. */
export interface RuleInput {
  text: string;
  id?: string;
  replace?: boolean;
}

/** The rule as it will be stored (see planRule): never over an existing id unless `replace` is given. */
function prepareRule(
  input: RuleInput,
  taken: ReadonlyMap<string, string>,
): Result<PlannedRule, ContractProblem> {
  const plan = planRule(input, taken);
  return plan.ok ? plan : problem("INVALID_INPUT", plan.reason);
}

function writablePersonalLayer(personalContract: string) {
  const layer = readContractFile(personalContract, "personal");
  return layer.problem
    ? problem("UNREADABLE", `not touching a contract file keel cannot read: ${layer.problem}`)
    : ok(layer.rules);
}

/** Adds a rule to this project's contract; an existing id is reworded only with `replace`. */
export async function addProjectRule(
  scope: ContractScope,
  input: RuleInput,
): Promise<Result<RuleChange, ContractProblem>> {
  const existing = await listRules(scope.db, scope.projectId);
  const rule = prepareRule(input, new Map(existing.map((r) => [r.id, r.text])));
  if (!rule.ok) return rule;
  const { id, text } = rule.value;
  await putRule(scope.db, {
    projectId: scope.projectId,
    id,
    text,
    origin: "owner",
    createdAt: scope.clock.now(),
  });
  return ok({ id, text, scope: "project", ...(rule.value.replaces ? { replaced: true } : {}) });
}

/** Removes one of the owner's rules from this project; seed, team and personal rules are refused. */
export async function removeProjectRule(
  scope: ContractScope,
  id: string,
): Promise<Result<RuleChange, ContractProblem>> {
  const contract = await loadEffectiveContract(scope);
  const decision = canRemove(
    contract.rules.find((r) => r.id === id),
    "owner",
    "project",
  );
  if (!decision.ok) return problem("REFUSED", `cannot remove "${id}": ${decision.reason}`);
  await deleteRule(scope.db, scope.projectId, id);
  return ok({ id, scope: "project" });
}

/** Adds a rule to the personal layer file, which every project reads; rewords one only with `replace`. */
export function addPersonalRule(
  personalContract: string,
  input: RuleInput,
): Result<RuleChange, ContractProblem> {
  const rules = writablePersonalLayer(personalContract);
  if (!rules.ok) return rules;
  const rule = prepareRule(input, new Map(rules.value.map((r) => [r.id, r.text])));
  if (!rule.ok) return rule;
  const { id, text } = rule.value;
  writeContractFile(personalContract, [
    ...rules.value.filter((r) => r.id !== id),
    { id, text, origin: "personal" },
  ]);
  return ok({
    id,
    text,
    scope: "personal",
    file: personalContract,
    ...(rule.value.replaces ? { replaced: true } : {}),
  });
}

export function removePersonalRule(
  personalContract: string,
  id: string,
): Result<RuleChange, ContractProblem> {
  const rules = writablePersonalLayer(personalContract);
  if (!rules.ok) return rules;
  if (!rules.value.some((r) => r.id === id)) return problem("NOT_FOUND", `no personal rule "${id}"`);
  writeContractFile(
    personalContract,
    rules.value.filter((r) => r.id !== id),
  );
  return ok({ id, scope: "personal" });
}
