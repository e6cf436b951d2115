// Every rule pack, and the lookup from a finding (rule id and the command it was found in) to its pack and
// rule. A rule id several packs share (`cloud-delete`) belongs to the pack that lists the command's tool.
import { PLATFORM_TOOLS } from "../rules/platforms.ts";
import { AWS_PACK, AZURE_PACK, GCP_PACK } from "./clouds.ts";
import { CLUSTERS_PACK } from "./clusters.ts";
import { CONTAINERS_PACK } from "./containers.ts";
import { DATABASES_PACK } from "./databases.ts";
import { FILES_PACK } from "./files.ts";
import { ANY_CLI_PACK } from "./generic.ts";
import { GIT_PACK } from "./git.ts";
import { HTTP_PACK } from "./http.ts";
import { IAC_PACK } from "./iac.ts";
import { INTERPRETERS_PACK } from "./interpreters.ts";
import { FORGES_PACK, HOSTING_PACK, REGISTRIES_PACK } from "./services.ts";
import { SHELLS_PACK } from "./shells.ts";
import { SYSTEM_PACK } from "./system.ts";
import type { Pack, PackRule } from "./types.ts";

export type { Pack, PackRule } from "./types.ts";

export const PACKS: Pack[] = [
  FILES_PACK,
  GIT_PACK,
  SHELLS_PACK,
  INTERPRETERS_PACK,
  DATABASES_PACK,
  CONTAINERS_PACK,
  CLUSTERS_PACK,
  IAC_PACK,
  AWS_PACK,
  GCP_PACK,
  AZURE_PACK,
  HOSTING_PACK,
  FORGES_PACK,
  REGISTRIES_PACK,
  HTTP_PACK,
  SYSTEM_PACK,
  ANY_CLI_PACK,
];

export const PACK_IDS: string[] = PACKS.map((pack) => pack.id);

export interface RuleHome {
  pack: Pack;
  rule: PackRule;
}

/** Rule id → every pack rule with that id, built once when the module loads. */
const HOMES = new Map<string, RuleHome[]>();
for (const pack of PACKS)
  for (const rule of pack.rules) HOMES.set(rule.id, [...(HOMES.get(rule.id) ?? []), { pack, rule }]);

export function findRuleHome(ruleId: string, tool: string): RuleHome | undefined {
  const homes = HOMES.get(ruleId) ?? [];
  if (homes.length <= 1) return homes[0];
  const name = tool.toLowerCase();
  return (
    homes.find(({ pack }) => pack.tools?.includes(name)) ??
    homes.find(({ pack }) => PLATFORM_TOOLS[name] === pack.id) ??
    homes[0]
  );
}
