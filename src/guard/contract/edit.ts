// The contract service: adding (or rewording) and removing the owner's rules, in this project's store or in
// the personal layer file, with one validation and one removal rule for every surface (CLI, /keel, MCP).
// Seed and team rules are never removed here; a personal file keel cannot read is never rewritten.
import type { Clock } from "../../core/clock.ts";
import { fail, ok, type Result } from "../../core/result.ts";
import type { KeelDb } from "../../store/db.ts";
import { deleteRule, putRule } from "../../store/guard-journal.ts";
import { oneLine, slug } from "../text.ts";
import { type EffectiveContract, loadContract } from "./effective.ts";
import { readContractFile, writeContractFile } from "./files.ts";
import { canRemove, RULE_TEXT_MAX } from "./layers.ts";

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

export interface ContractProblem {
  /** INVALID_INPUT and UNREADABLE are the caller's to fix (exit 2); NOT_FOUND and REFUSED are refusals. */
  code: "INVALID_INPUT" | "UNREADABLE" | "NOT_FOUND" | "REFUSED";
  message: string;
}

export interface RuleChange {
  id: string;
  text?: string;
  scope: ContractLayer;
  file?: string;
}

/** The effective contract: seed, personal, team and project rules. */
export function loadEffectiveContract(scope: ContractScope): Promise<EffectiveContract> {
  return loadContract({ ...scope, personalFile: scope.personalContract });
}

const problem = (code: ContractProblem["code"], message: string) => fail<ContractProblem>({ code, message });

/** The rule as it will be stored: one bounded line, and its id (given, or derived from the text). */
function prepareRule(input: {
  text: string;
  id?: string;
}): Result<{ id: string; text: string }, ContractProblem> {
  const text = oneLine(input.text, RULE_TEXT_MAX);
  if (text === "") return problem("INVALID_INPUT", "the rule is empty");
  return ok({ id: input.id?.trim() || slug(text), text });
}

function writablePersonalLayer(personalContract: string) {
  const layer = readContractFile(personalContract, "personal");
  return layer.problem
    ? problem("UNREADABLE", `not touching a contract file keel cannot read: ${layer.problem}`)
    : ok(layer.rules);
}

/** Adds a rule to this project's contract; an existing id is reworded. */
export async function addProjectRule(
  scope: ContractScope,
  input: { text: string; id?: string },
): Promise<Result<RuleChange, ContractProblem>> {
  const rule = prepareRule(input);
  if (!rule.ok) return rule;
  const { id, text } = rule.value;
  await putRule(scope.db, {
    projectId: scope.projectId,
    id,
    text,
    source: "owner",
    createdAt: scope.clock.now(),
  });
  return ok({ id, text, scope: "project" });
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

/** Adds (or rewords) a rule in the personal layer file, which every project reads. */
export function addPersonalRule(
  personalContract: string,
  input: { text: string; id?: string },
): Result<RuleChange, ContractProblem> {
  const rule = prepareRule(input);
  if (!rule.ok) return rule;
  const rules = writablePersonalLayer(personalContract);
  if (!rules.ok) return rules;
  const { id, text } = rule.value;
  writeContractFile(personalContract, [
    ...rules.value.filter((r) => r.id !== id),
    { id, text, source: "personal" },
  ]);
  return ok({ id, text, scope: "personal", file: personalContract });
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
