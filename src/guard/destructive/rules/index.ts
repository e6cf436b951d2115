// Every per-command rule, by family; the screen runs them in this order on each invocation.
import type { Rule } from "./args.ts";
import { STORAGE_RULES } from "./cloud-storage.ts";
import { CLUSTER_RULES } from "./clusters.ts";
import { DATABASE_RULES } from "./databases.ts";
import { DISK_RULES } from "./disks.ts";
import { FILE_RULES } from "./files.ts";
import { GIT_RULES } from "./git.ts";
import { INFRASTRUCTURE_RULES } from "./infrastructure.ts";
import { SYSTEM_RULES } from "./system.ts";

export type { Finding, Rule } from "./args.ts";

export const COMMAND_RULES: Rule[] = [
  ...FILE_RULES,
  ...GIT_RULES,
  ...DISK_RULES,
  ...DATABASE_RULES,
  ...STORAGE_RULES,
  ...INFRASTRUCTURE_RULES,
  ...CLUSTER_RULES,
  ...SYSTEM_RULES,
];
