// The effective contract of a project: seed, personal file, team file and store rows merged by layers.ts.
import { join } from "node:path";
import type { KeelDb } from "../../store/db.ts";
import { listRules } from "../../store/guard-journal.ts";
import { readContractFile, TEAM_CONTRACT } from "./files.ts";
import { mergeContract } from "./layers.ts";
import { type ContractRule, SEED_RULES } from "./seed.ts";

export interface ContractSources {
  db: KeelDb;
  projectId: string;
  projectRoot: string;
  personalFile: string;
}

export interface EffectiveContract {
  rules: ContractRule[];
  /** Files that exist but could not be read as a contract. */
  problems: string[];
}

export async function loadContract(sources: ContractSources): Promise<EffectiveContract> {
  const personal = readContractFile(sources.personalFile, "personal");
  const team = readContractFile(join(sources.projectRoot, TEAM_CONTRACT), "team");
  const rows = await listRules(sources.db, sources.projectId);
  const rules = mergeContract({
    seed: SEED_RULES,
    personal: personal.rules,
    team: team.rules,
    owner: rows.filter((r) => r.origin === "owner").map((r) => ({ id: r.id, text: r.text, origin: "owner" })),
    agent: rows.filter((r) => r.origin === "agent").map((r) => ({ id: r.id, text: r.text, origin: "agent" })),
  });
  return { rules, problems: [personal.problem, team.problem].filter((p): p is string => Boolean(p)) };
}
