// Layering of contract rules: seed < personal (user config) < project (team file, then owner rows in the
// store), with agent rows last. A later layer replaces an earlier rule with the same id; identical text is
// listed once. The agent may remove only rules it wrote itself.
import { fail, ok, type Result } from "../../core/result.ts";
import { oneLine } from "../text.ts";
import type { ContractRule } from "./seed.ts";

export const RULE_TEXT_MAX = 240;

export interface ContractLayers {
  seed: readonly ContractRule[];
  personal: readonly ContractRule[];
  team: readonly ContractRule[];
  owner: readonly ContractRule[];
  agent: readonly ContractRule[];
}

const textKey = (rule: ContractRule) => oneLine(rule.text, RULE_TEXT_MAX).toLowerCase();

/** The effective contract, in layer order, each rule once. */
export function mergeContract(layers: ContractLayers): ContractRule[] {
  const byId = new Map<string, ContractRule>();
  for (const layer of [layers.seed, layers.personal, layers.team, layers.owner, layers.agent]) {
    for (const rule of layer) {
      const current = byId.get(rule.id);
      if (current && rule.origin === "agent" && current.origin !== "agent") continue;
      byId.set(rule.id, { ...rule, text: oneLine(rule.text, RULE_TEXT_MAX) });
    }
  }
  const seenText = new Set<string>();
  const merged: ContractRule[] = [];
  for (const rule of [...byId.values()].reverse()) {
    const key = textKey(rule);
    if (seenText.has(key)) continue;
    seenText.add(key);
    merged.push(rule);
  }
  return merged.reverse();
}

export type Actor = "owner" | "agent";

/** The layer a rule belongs to, in the words the README and help use: the owner's store rows are "project". */
export function layerOf(rule: ContractRule): string {
  return rule.origin === "owner" ? "project" : rule.origin;
}

/** The rule the actor may remove from that scope, or why not. */
export function canRemove(
  rule: ContractRule | undefined,
  actor: Actor,
  scope: "project" | "personal",
): Result<ContractRule> {
  if (!rule) return fail("no rule with that id");
  if (actor === "agent" && rule.origin !== "agent") {
    return fail(`the agent cannot remove a ${rule.origin} rule; ask the user`);
  }
  if (rule.origin === "seed") return fail("seed rules stay; reword one by adding a rule with the same id");
  if (rule.origin === "personal" && scope !== "personal") {
    return fail("that rule is in your personal layer: remove it with --global");
  }
  if (rule.origin === "team") return fail("that rule comes from .keel/contract.json: edit the file");
  return ok(rule);
}
